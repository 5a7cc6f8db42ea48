"use client";

import { useRef, useState, type ChangeEvent, type KeyboardEvent } from "react";

// Keys with which a closed <select> steps to another option and fires a change at every step.
const STEP_KEYS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown"]);

/**
 * Props for a <select> whose choice applies once it is settled. A pick from the open list (mouse,
 * touch, or Enter inside the list) applies at once; stepping through the closed select with the
 * arrow keys or by typing only moves the selection, which then applies on Enter or when the field
 * is left, and Escape takes back. Without this, every arrow press would load another page.
 */
export function useSettledSelect(applied: string, apply: (value: string) => void) {
  const [draft, setDraft] = useState<string | null>(null);
  const stepping = useRef(false);

  function settle(value: string) {
    setDraft(null);
    if (value !== applied) apply(value);
  }

  return {
    value: draft ?? applied,
    onPointerDown() {
      stepping.current = false;
    },
    onKeyDown(event: KeyboardEvent<HTMLSelectElement>) {
      if (event.key === "Enter" && draft !== null) {
        event.preventDefault();
        settle(draft);
      } else if (event.key === "Escape") {
        setDraft(null);
      }
      stepping.current = (STEP_KEYS.has(event.key) && !event.altKey) || (event.key.length === 1 && event.key !== " ");
    },
    onChange(event: ChangeEvent<HTMLSelectElement>) {
      if (stepping.current) setDraft(event.target.value);
      else settle(event.target.value);
    },
    onBlur() {
      if (draft !== null) settle(draft);
    },
  };
}
