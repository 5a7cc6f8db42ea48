import type { IncomingMessage } from "node:http";

/** What the local stand-ins of outside services (monobank, Telegram) share: a request's body, and escaping for their pages. */
export const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let raw = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (raw += chunk));
    request.on("end", () => resolve(raw));
    request.on("error", reject);
  });

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
