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
  paymentMethod: "PayPal";
};

export type CartAction =
  | { type: "add"; item: Omit<CartItem, "qty"> }
  | { type: "remove"; id: string }
  | { type: "setStoForOrder"; sto: Record<string, unknown> }
  | { type: "clearStoForOrder" }
  | { type: "reset" };

export const INITIAL_CART: CartState = { cartItems: [], cartItemsQty: 0, stoForOrder: {}, paymentMethod: "PayPal" };

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
    case "setStoForOrder":
      return { ...state, stoForOrder: action.sto };
    case "clearStoForOrder":
      return { ...state, stoForOrder: {} };
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
    return { cartItems, cartItemsQty: cartItems.length, stoForOrder, paymentMethod: "PayPal" };
  } catch {
    return INITIAL_CART;
  }
}
