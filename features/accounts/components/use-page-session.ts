"use client";

import type { SessionView } from "@/features/accounts/answers";
import type { PageSession } from "@/features/accounts/session-view";

import { useForThisVisitor } from "./use-visitor";

const viewerOf = (body: unknown) => (body as { viewer: SessionView | null }).viewer;

/** The signed-in visitor (or nobody) of the header and the feedback form; see useForThisVisitor. */
export function usePageSession(session: PageSession): { viewer: SessionView | null; guess: boolean; sure: boolean } {
  const { value, guess, sure } = useForThisVisitor<SessionView | null>(session, "/api/users/profile", null, viewerOf);
  return { viewer: value, guess, sure };
}
