/** The Saved list ("cart") of spec §3 and §4, as a pure reducer. */

export type CartItem = {
  _id: string;
  name: string;
  image: string | null;
  address: string;
  coordinates: { lat: number; lng: number };
  contactPhone1?: string;
  contactPhone2?: string;
  contactMail?: string;
  qty: number;
};

export type CartState = {
  cartItems: CartItem[];
  cartItemsQty: number;
  stoForOrder: Record<string, unknown>;
  /** The provider last picked on /placeorder; null until one is (features/payments/payment-choice.ts). */
  paymentMethod: PaymentChoice | null;
  /**
   * The stored shape's version. Carts stored before it (none) held "PayPal" as the default until the
   * person picked the card, so their PayPal reads as no choice; from version 2 it is one.
   */
  version: typeof CART_VERSION;
};

export const CART_VERSION = 2;

/** The providers /placeorder offers: PayPal, or a card through monobank. */
export const PAYMENT_CHOICES = ["PayPal", "monobank"] as const;
export type PaymentChoice = (typeof PAYMENT_CHOICES)[number];

export type CartAction =
  | { type: "add"; item: Omit<CartItem, "qty"> }
  | { type: "remove"; id: string }
  /** Undo of a removal: the item back at the place it had. */
  | { type: "restore"; item: Omit<CartItem, "qty">; index: number }
  /** The account's list becomes the device's copy (on sign-in, and when the account's list is read). */
  | { type: "replace"; items: Omit<CartItem, "qty">[] }
  | { type: "setStoForOrder"; sto: Record<string, unknown> }
  | { type: "clearStoForOrder" }
  | { type: "setPaymentMethod"; method: PaymentChoice }
  | { type: "reset" };

export const INITIAL_CART: CartState = {
  cartItems: [],
  cartItemsQty: 0,
  stoForOrder: {},
  paymentMethod: null,
  version: CART_VERSION,
};

export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case "add": {
      const item = { ...action.item, qty: 1 };
      const exists = state.cartItems.some((existing) => existing._id === item._id);
      const cartItems = exists
        ? state.cartItems.map((existing) => (existing._id === item._id ? item : existing))
        : [...state.cartItems, item];
      return { ...state, cartItems, cartItemsQty: cartItems.length };
    }
    case "remove": {
      const cartItems = state.cartItems.filter((item) => item._id !== action.id);
      return { ...state, cartItems, cartItemsQty: cartItems.length };
    }
    case "restore": {
      if (state.cartItems.some((existing) => existing._id === action.item._id)) return state;
      const cartItems = [...state.cartItems];
      cartItems.splice(Math.min(Math.max(0, action.index), cartItems.length), 0, { ...action.item, qty: 1 });
      return { ...state, cartItems, cartItemsQty: cartItems.length };
    }
    case "replace": {
      const cartItems = action.items.map((item) => ({ ...item, qty: 1 }));
      return { ...state, cartItems, cartItemsQty: cartItems.length };
    }
    case "setStoForOrder":
      return { ...state, stoForOrder: action.sto };
    case "clearStoForOrder":
      return { ...state, stoForOrder: {} };
    case "setPaymentMethod":
      return { ...state, paymentMethod: action.method };
    case "reset":
      return INITIAL_CART;
  }
}

/** Reads a stored cart defensively: anything malformed falls back to the initial state. */
export function parseStoredCart(raw: string | null): CartState {
  if (!raw) return INITIAL_CART;
  try {
    const value = JSON.parse(raw) as Partial<CartState>;
    if (!Array.isArray(value.cartItems)) return INITIAL_CART;
    const cartItems = value.cartItems.filter(
      (item): item is CartItem => typeof item?._id === "string" && typeof item?.name === "string",
    );
    const stoForOrder = value.stoForOrder && typeof value.stoForOrder === "object" ? value.stoForOrder : {};
    const stored = PAYMENT_CHOICES.find((choice) => choice === value.paymentMethod) ?? INITIAL_CART.paymentMethod;
    // An older cart's PayPal was the default it was given, not a choice; its card was always picked.
    const paymentMethod = value.version === CART_VERSION || stored !== "PayPal" ? stored : null;
    return { cartItems, cartItemsQty: cartItems.length, stoForOrder, paymentMethod, version: CART_VERSION };
  } catch {
    return INITIAL_CART;
  }
}
