import { describe, expect, it } from "vitest";

import { cartReducer, INITIAL_CART, parseStoredCart } from "@/features/cart/cart";

const item = (id: string, name = `Service ${id}`) => ({
  _id: id,
  name,
  image: null,
  address: "Kyiv",
  coordinates: { lat: 50, lng: 30 },
});

describe("cart reducer", () => {
  it("appends new items with quantity 1 and counts distinct items", () => {
    const state = cartReducer(cartReducer(INITIAL_CART, { type: "add", item: item("a") }), {
      type: "add",
      item: item("b"),
    });
    expect(state.cartItems.map((i) => [i._id, i.qty])).toEqual([
      ["a", 1],
      ["b", 1],
    ]);
    expect(state.cartItemsQty).toBe(2);
  });

  it("replaces an item with the same _id instead of duplicating it", () => {
    let state = cartReducer(INITIAL_CART, { type: "add", item: item("a", "Old") });
    state = cartReducer(state, { type: "add", item: item("b") });
    state = cartReducer(state, { type: "add", item: item("a", "New") });
    expect(state.cartItems.map((i) => i.name)).toEqual(["New", "Service b"]);
    expect(state.cartItemsQty).toBe(2);
  });

  it("removes by _id", () => {
    let state = cartReducer(INITIAL_CART, { type: "add", item: item("a") });
    state = cartReducer(state, { type: "remove", id: "a" });
    state = cartReducer(state, { type: "remove", id: "missing" });
    expect(state).toEqual(INITIAL_CART);
  });

  it("sets and clears the prepared station order, and resets everything", () => {
    let state = cartReducer(INITIAL_CART, { type: "setStoForOrder", sto: { _id: "x" } });
    expect(state.stoForOrder).toEqual({ _id: "x" });
    state = cartReducer(state, { type: "clearStoForOrder" });
    expect(state.stoForOrder).toEqual({});
    state = cartReducer(cartReducer(state, { type: "add", item: item("a") }), { type: "reset" });
    expect(state).toEqual(INITIAL_CART);
    expect(state.paymentMethod).toBeNull();
  });

  it("keeps the chosen payment method across reloads; none is chosen at first, after a reset or for an unknown one", () => {
    expect(INITIAL_CART.paymentMethod).toBeNull();
    const card = cartReducer(INITIAL_CART, { type: "setPaymentMethod", method: "monobank" });
    expect(card.paymentMethod).toBe("monobank");
    expect(parseStoredCart(JSON.stringify(card)).paymentMethod).toBe("monobank");
    const paypal = cartReducer(card, { type: "setPaymentMethod", method: "PayPal" });
    expect(paypal.paymentMethod).toBe("PayPal");
    expect(parseStoredCart(JSON.stringify(paypal)).paymentMethod).toBe("PayPal");
    expect(cartReducer(card, { type: "reset" }).paymentMethod).toBeNull();
    expect(parseStoredCart(JSON.stringify({ ...card, paymentMethod: "bitcoin" })).paymentMethod).toBeNull();
  });

  it("reads a cart stored before choices were marked: its PayPal was the old default, not a choice; its card was picked", () => {
    // Written by the earlier code, which stored PayPal until the person picked the card.
    const before = { cartItems: [], cartItemsQty: 0, stoForOrder: {} };
    expect(parseStoredCart(JSON.stringify({ ...before, paymentMethod: "PayPal" })).paymentMethod).toBeNull();
    expect(parseStoredCart(JSON.stringify({ ...before, paymentMethod: "monobank" })).paymentMethod).toBe("monobank");
    // Read once and stored again, it is a cart of this version: a PayPal picked from now on stays picked.
    const read = parseStoredCart(JSON.stringify({ ...before, paymentMethod: "PayPal" }));
    const picked = cartReducer(read, { type: "setPaymentMethod", method: "PayPal" });
    expect(parseStoredCart(JSON.stringify(picked)).paymentMethod).toBe("PayPal");
  });

  it("puts a removed item back where it was (undo), or at the end when the list got shorter", () => {
    let state = INITIAL_CART;
    for (const id of ["a", "b", "c"]) state = cartReducer(state, { type: "add", item: item(id) });
    const removed = cartReducer(state, { type: "remove", id: "b" });
    const restored = cartReducer(removed, { type: "restore", item: item("b"), index: 1 });
    expect(restored.cartItems.map((i) => i._id)).toEqual(["a", "b", "c"]);
    expect(restored.cartItemsQty).toBe(3);
    expect(cartReducer(restored, { type: "restore", item: item("b"), index: 0 }).cartItems.map((i) => i._id)).toEqual([
      "a",
      "b",
      "c",
    ]);
    expect(
      cartReducer(INITIAL_CART, { type: "restore", item: item("z"), index: 7 }).cartItems.map((i) => i._id),
    ).toEqual(["z"]);
  });

  it("takes the account's list as the device's copy, keeping the prepared station order", () => {
    let state = cartReducer(INITIAL_CART, { type: "add", item: item("old") });
    state = cartReducer(state, { type: "setStoForOrder", sto: { _id: "x" } });
    state = cartReducer(state, { type: "replace", items: [item("a"), item("b")] });
    expect(state.cartItems.map((i) => [i._id, i.qty])).toEqual([
      ["a", 1],
      ["b", 1],
    ]);
    expect(state.cartItemsQty).toBe(2);
    expect(state.stoForOrder).toEqual({ _id: "x" });
  });

  it("survives malformed storage", () => {
    expect(parseStoredCart(null)).toEqual(INITIAL_CART);
    expect(parseStoredCart("{not json")).toEqual(INITIAL_CART);
    expect(parseStoredCart('{"cartItems":"nope"}')).toEqual(INITIAL_CART);
    const parsed = parseStoredCart(
      JSON.stringify({ cartItems: [{ _id: "a", name: "A", qty: 1 }, { bogus: true }], cartItemsQty: 99 }),
    );
    expect(parsed.cartItems.map((i) => i._id)).toEqual(["a"]);
    expect(parsed.cartItemsQty).toBe(1);
  });
});
