import type { SessionView } from "@/features/accounts/answers";

/**
 * The session as a page hands it to the client: known (a person or nobody) when the page was
 * rendered for its visitor, "unknown" when it was rendered for the page cache, to be served to
 * visitors with or without a session; the browser then asks (GET /api/users/profile).
 */
export type PageSession = SessionView | null | "unknown";
