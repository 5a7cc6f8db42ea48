"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";

import { ApiError, postJson } from "@/components/ui/api-client";
import { toast } from "@/components/ui/toast";
import type { CartItem } from "@/features/cart/cart";
import { currentCart, dispatchCart } from "@/features/cart/components/use-cart";
import { forgetPushOnDevice } from "@/features/notifications/push/components/browser-push";
import { isKeptCopy } from "@/features/offline/kept-copy";
import type { SavedList, SavedMerge } from "@/features/saved/answers";
import { cartItemOf, deviceIds } from "@/features/saved/rules";

/**
 * The device's Saved list kept in step with the account's (features/saved/server/saved.ts).
 *
 * localStorage "savedAccount" names the account the device's copy was last merged with. When the
 * page learns someone is signed in and the name differs (any sign-in: password, second step, a
 * confirmed registration or a password reset), the device's list is merged into the account's and
 * the account's list becomes the device's. From then on every change is made on the device at once
 * and sent to the account; a change the account refuses or that cannot reach it is taken back on
 * the device, with a toast. Signing out clears all local storage (the spec), this name included,
 * so the next sign-in merges again and brings the list back. A session found ended without a
 * sign-out in this browser (it expired, "sign out everywhere" elsewhere, an admin's block) clears
 * it the same way: on a shared phone the next person must not see the last one's e-mail or list.
 */
const ACCOUNT_KEY = "savedAccount";
type Item = Omit<CartItem, "qty">;

function storedAccount(): string | null {
  try {
    return window.localStorage.getItem(ACCOUNT_KEY);
  } catch {
    return null;
  }
}

function setStoredAccount(email: string | null) {
  try {
    if (email) window.localStorage.setItem(ACCOUNT_KEY, email);
    else window.localStorage.removeItem(ACCOUNT_KEY);
  } catch {
    // Storage refused (private mode, quota): the list simply stays on this device.
  }
}

/** True when the device's list is the signed-in person's account's: changes go to the account too. */
export function onAccount(): boolean {
  return storedAccount() !== null;
}

/**
 * Bumped on sign-out: an answer to a merge or read asked before it must not write a list back
 * into the storage sign-out just cleared.
 */
let generation = 0;
let merging: string | null = null;
/** Changes sent and not yet answered: an account read meanwhile would put back what they change. */
let pending = 0;

/** True while a change made on this device has not reached the account yet. */
export function changesPending(): boolean {
  return pending > 0;
}

/** Sign-out: the device forgets the account and anything still on its way from it. */
export function leaveSavedAccount() {
  generation++;
  merging = null;
  setStoredAccount(null);
}

/**
 * What this browser keeps of the person, forgotten: the account's name, the Saved list's copy and
 * the rest of local storage (spec §4: logout clears the device's state). The list stays on the
 * account and comes back with the next sign-in.
 */
export function forgetPersonOnDevice() {
  leaveSavedAccount();
  forgetPushOnDevice();
  dispatchCart({ type: "reset" });
  try {
    window.localStorage.clear();
  } catch {
    // Storage refused: there is nothing kept to forget.
  }
}

async function mergeInto(email: string, notAdded: (count: number) => void) {
  if (merging === email || storedAccount() === email) return;
  merging = email;
  const started = generation;
  try {
    const answer = await postJson<SavedMerge>("/api/users/saved", { ids: deviceIds(currentCart().cartItems) }, "PUT");
    if (started !== generation) return;
    dispatchCart({ type: "replace", items: answer.items.map(cartItemOf) });
    setStoredAccount(email);
    if (answer.notAdded.length) notAdded(answer.notAdded.length);
  } catch {
    // Offline or refused (the session ended meanwhile): the device keeps its list, and the next
    // page load tries again.
  } finally {
    if (merging === email) merging = null;
  }
}

/**
 * The site shell's part (app/_shell/header-nav.tsx): merges on sign-in, and forgets the
 * person when the server says nobody is signed in on a device whose list was an account's (a
 * session that ended without signing out here). `sure`: the server said so (useForThisVisitor); a
 * kept copy of the service worker was rendered for nobody and says nothing (kept-copy.ts).
 */
export function useSavedAccount(email: string | null, sure: boolean) {
  const t = useTranslations("Cart");
  useEffect(() => {
    if (!sure || isKeptCopy()) return;
    if (email) void mergeInto(email, (count) => toast.info(t("notAdded", { count })));
    else if (storedAccount() !== null) forgetPersonOnDevice();
  }, [email, sure, t]);
}

/**
 * The account's list with each service's status now, written to the device as its copy (the list
 * may have changed on another device); null when the device's list is not the account's or the
 * account could not be read (the caller then reads the public status of the device's ids).
 */
export async function readAccountList(): Promise<SavedList | null> {
  if (!onAccount()) return null;
  const started = generation;
  const response = await fetch("/api/users/saved", { cache: "no-store" }).catch(() => null);
  if (!response) return null;
  if (response.status === 401) {
    // The session ended without a sign-out here: the device forgets the person.
    forgetPersonOnDevice();
    return null;
  }
  if (!response.ok) return null;
  const list = (await response.json()) as SavedList;
  if (started !== generation || !onAccount()) return null;
  if (pending === 0) dispatchCart({ type: "replace", items: list.items.map(cartItemOf) });
  return list;
}

/** One change at a time, in the order made: a removal and its undo must reach the account in that order. */
let queue: Promise<void> = Promise.resolve();
const RETRY_MS = 1500;

type Change = { kind: "add"; item: Item } | { kind: "remove"; item: Item; index: number };

/**
 * Sends a change already made on the device to the account, once more after a moment when the
 * network or the server failed; when it still fails, or the account refuses it (the list is full,
 * the service is gone), the device takes it back and a toast says why. A 401 means the session
 * ended without a sign-out here: the device forgets the person (forgetPersonOnDevice).
 */
export function sendChange(change: Change, failed: (message: string | null) => void) {
  if (!onAccount()) return;
  const started = generation;
  pending++;
  queue = queue.then(async () => {
    let error: unknown = null;
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        if (change.kind === "add") await postJson("/api/users/saved", { id: change.item._id });
        else await postJson(`/api/users/saved/${encodeURIComponent(change.item._id)}`, undefined, "DELETE");
        error = null;
        break;
      } catch (caught) {
        error = caught;
        const status = caught instanceof ApiError ? caught.status : 0;
        const offline = caught instanceof ApiError && caught.key === "OFFLINE";
        // A refusal (4xx) or being offline will not change in a second; a failed network or server might.
        if (offline || (status >= 400 && status < 500 && status !== 408 && status !== 429)) break;
        if (attempt === 0) await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
    pending--;
    if (!error || started !== generation) return;
    if (error instanceof ApiError && error.status === 401) {
      forgetPersonOnDevice();
      return;
    }
    if (change.kind === "add") dispatchCart({ type: "remove", id: change.item._id });
    else dispatchCart({ type: "restore", item: change.item, index: change.index });
    // The server's translated refusal, or the page's "offline" message; else the list's own words.
    failed(error instanceof ApiError && (error.status > 0 || error.key === "OFFLINE") ? error.message : null);
  });
}
