/** The station fee's order summary (spec §9): item, tax and total in USD. */

export const PAYMENT = { item: "2.40", tax: "0.60", total: "3.00", currency: "USD" } as const;

/** How a monobank amount in hryvnias is written: ₴125.00 in English, 125,00 ₴ in Ukrainian. */
export const HRYVNIA_FORMAT = { style: "currency", currency: "UAH", currencyDisplay: "narrowSymbol" } as const;
