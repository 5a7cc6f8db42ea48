import { NextIntlClientProvider } from "next-intl";
import { createElement, type ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";

import en from "@/messages/en.json";

import { HeaderNav } from "./header-nav";

vi.mock("@/i18n/navigation", async () => {
  const { createElement: element } = await import("react");
  return {
    usePathname: () => "/",
    useRouter: () => ({ push: () => undefined, replace: () => undefined }),
    Link: ({ href, ...rest }: { href: string }) => element("a", { href, ...rest }),
  };
});

type ProviderProps = ComponentProps<typeof NextIntlClientProvider>;

function render(session: ComponentProps<typeof HeaderNav>["session"]) {
  return renderToStaticMarkup(
    createElement(
      NextIntlClientProvider,
      { locale: "en", messages: en, timeZone: "Europe/Kyiv" } as ProviderProps,
      createElement(HeaderNav, { session }),
    ),
  );
}

/** The desktop navigation (the first nav) of the header as rendered. */
const desktop = (html: string) => html.slice(html.indexOf("<nav"), html.indexOf("</nav>"));
/** The one-slot cell (components/ui/one-slot.tsx) around `text`, from its opening tag to `text`. */
const slotAround = (html: string, text: string) => {
  const at = html.indexOf(text);
  expect(at, `"${text}" in the header`).toBeGreaterThan(-1);
  const start = html.lastIndexOf("data-one-slot", at);
  expect(start, `"${text}" in a shared slot`).toBeGreaterThan(-1);
  return html.slice(start, at);
};

describe("HeaderNav at first paint", () => {
  it("in a rendering for everyone (the page cache) keeps one slot for the visitor's links and a signed-in person's, so the answer moves nothing", () => {
    const nav = desktop(render("unknown"));
    // The visitor's links are the guess, hidden from a browser holding a session cookie.
    expect(nav).toMatch(/href="\/login" data-guess=""/);
    expect(nav).toMatch(/href="\/register" data-guess=""/);
    // In the same cell: the signed-in person's links, unseen and unlinked, holding their room.
    const cell = slotAround(nav, "Sign out");
    expect(cell).toContain("Sign in");
    expect(cell).toContain("Profile");
    expect(cell).toMatch(/aria-hidden="true"[^>]*class="[^"]*invisible/);
    expect(nav).not.toContain('href="/profile"');
    expect(nav).not.toContain('href="/requests"');
  });

  it("rendered for its visitor, the header holds only their links: nothing reserved", () => {
    const visitor = desktop(render(null));
    expect(visitor).toContain('href="/login"');
    expect(visitor).not.toContain("data-guess");
    expect(visitor).not.toContain("data-one-slot");
    expect(visitor).not.toContain("Sign out");
    const person = desktop(
      render({
        email: "a@b.ua",
        imageUrl: "/api/uploads/x",
        isAdmin: false,
        hasMechanicProfile: false,
        ownsStations: false,
      }),
    );
    expect(person).toContain('href="/profile"');
    expect(person).not.toContain("data-one-slot");
    // The picture sits in the line's height (negative margins), so a signed-in header is no taller.
    expect(person).toMatch(/<img[^>]*class="[^"]*-my-0\.5/);
  });
});
