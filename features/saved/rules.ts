import type { CartItem } from "@/features/cart/cart";
import type { SavedCardView } from "@/features/saved/answers";

/**
 * The Saved list's rules, shared by the browser and the server. A signed-in person's list is kept
 * on the account (table saved_services) and copied to the device (localStorage "cart"), so it
 * survives signing out, which clears the device as the spec says, and shows on every device.
 */

/** At most this many services on one list: a person's short list, not a copy of the catalogue. */
export const SAVED_MAX = 100;

const key = (id: string) => id.toLowerCase();

/** A service's id as the database writes it (a UUID), in either case. */
export const SERVICE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Merging the device's list into the account's: the account's entries stay as they are, in their
 * order; the device's ids the account lacks follow in the device's order, while the list has room
 * (`notAdded`: the rest). Ids count once whatever their case. Merging the same list again adds
 * nothing, so a sign-in whose answer was lost can simply merge again.
 */
export function mergeSavedIds(
  account: readonly string[],
  device: readonly string[],
  max: number = SAVED_MAX,
): { added: string[]; notAdded: string[] } {
  const seen = new Set(account.map(key));
  let room = max - seen.size;
  const added: string[] = [];
  const notAdded: string[] = [];
  for (const id of device) {
    const lower = key(id);
    if (seen.has(lower)) continue;
    seen.add(lower);
    if (room > 0) {
      added.push(lower);
      room--;
    } else notAdded.push(lower);
  }
  return { added, notAdded };
}

/**
 * The ids a device sends to be merged or read: each once, at most the cap (an old list may hold
 * more), and only ids of services: the server refuses a whole list for one it cannot read, and a
 * device's storage may hold anything.
 */
export function deviceIds(items: readonly { _id: string }[]): string[] {
  const ids = new Set<string>();
  for (const item of items) {
    if (ids.size === SAVED_MAX) break;
    if (typeof item._id === "string" && SERVICE_ID.test(item._id)) ids.add(key(item._id));
  }
  return [...ids];
}

/** A saved service as the device keeps it (without its status, which is only true at the moment). */
export function cartItemOf(card: SavedCardView): Omit<CartItem, "qty"> {
  return {
    _id: card._id,
    name: card.name,
    image: card.image,
    address: card.address,
    coordinates: card.coordinates,
    contactPhone1: card.contactPhone1,
    contactPhone2: card.contactPhone2,
    contactMail: card.contactMail,
  };
}
