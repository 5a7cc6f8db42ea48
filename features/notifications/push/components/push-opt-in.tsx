"use client";

/** Not built yet: replaced by the push channel's toggle. */
export function PushToggle(_: { available: boolean; onChanged: () => void }) {
  return null;
}
