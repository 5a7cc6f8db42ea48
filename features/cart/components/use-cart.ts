"use client";

import { useSyncExternalStore } from "react";

import { cartReducer, INITIAL_CART, parseStoredCart, type CartAction, type CartState } from "@/features/cart/cart";

/** The Saved list, persisted in localStorage under "cart" and shared by every component and tab. */
const KEY = "cart";
const listeners = new Set<() => void>();
let snapshot: CartState | null = null;

function read(): CartState {
  snapshot ??= parseStoredCart(window.localStorage.getItem(KEY));
  return snapshot;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== KEY && event.key !== null) return;
    snapshot = null;
    listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The list as stored now, for code outside React (the account's sync). */
export function currentCart(): CartState {
  return read();
}

export function dispatchCart(action: CartAction) {
  snapshot = cartReducer(read(), action);
  window.localStorage.setItem(KEY, JSON.stringify(snapshot));
  for (const listener of listeners) listener();
}

export function useCart(): [CartState, (action: CartAction) => void] {
  const state = useSyncExternalStore(subscribe, read, () => INITIAL_CART);
  return [state, dispatchCart];
}
