/**
 * What a page's client side knows of the signed-in visitor: the header's links (app/_shell/header-links.ts)
 * and the address the feedback form sends with.
 */
export type SessionView = {
  email: string;
  imageUrl: string | null;
  isAdmin: boolean;
  hasMechanicProfile: boolean;
  ownsStations: boolean;
};

/**
 * The session as a page hands it to the client: known (a person or nobody) when the page was
 * rendered for its visitor, "unknown" when it was rendered for the page cache, to be served to
 * visitors with or without a session; the browser then asks (GET /api/users/profile).
 */
export type PageSession = SessionView | null | "unknown";
