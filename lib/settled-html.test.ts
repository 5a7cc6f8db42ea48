import { createElement as h, Suspense, use } from "react";
import { renderToReadableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { settleStreamedBoundaries } from "@/lib/settled-html";

type Data = Promise<string> | string;
const Content = ({ data }: { data: Data }) => {
  const title = typeof data === "string" ? data : use(data);
  return h("section", null, h("h1", null, title), h("div", null, h("div", null, "card")), h("script", { type: "application/ld+json" }, '{"a":"</div>"}'));
};
const Map = ({ data }: { data: Data }) => h("div", { id: "map" }, typeof data === "string" ? data : use(data));
const Page = ({ list, map }: { list: Data; map: Data }) =>
  h(
    "html",
    null,
    h(
      "body",
      null,
      h(
        "main",
        null,
        h(
          Suspense,
          { fallback: h("p", null, "Loading…") },
          h(Content, { data: list }),
          h(Suspense, { fallback: h("p", null, "Loading the map…") }, h(Map, { data: map })),
        ),
      ),
      h("footer", null, "©"),
    ),
  );
/** The page as a browser receives it, read while React streams it. */
async function rendered(list: Data, map: Data): Promise<string> {
  return new Response(await renderToReadableStream(h(Page, { list, map }))).text();
}
const later = (value: string, ms: number) => new Promise<string>((resolve) => setTimeout(() => resolve(value), ms));
const withoutScripts = (html: string) => html.replace(/<script\b(?![^>]*ld\+json)[^>]*>.*?<\/script>/gs, "");

// The shapes React 19.2 streams (react-dom/server): a pending boundary's fallback, its content later.
const RUNTIME = `<script>$RB=[];$RV=function(a){};$RC=function(a,b){};`;
const reveal = (boundary: string, segment: string) => `${RUNTIME}$RC("${boundary}","${segment}")</script>`;
/** A reveal script once its work is done on the server: the call is gone, the functions stay (unused). */
const revealed = `${RUNTIME}</script>`;
const page = (main: string, tail: string) =>
  `<!DOCTYPE html><html><head><script>requestAnimationFrame(function(){$RT=performance.now()});</script></head><body><main>${main}</main><footer>©</footer>${tail}</body></html>`;

describe("settleStreamedBoundaries", () => {
  it("turns what React streamed late into the markup React sends when everything is ready with the shell", async () => {
    const streamed = await rendered(later("Services", 5), later("map", 15));
    expect(streamed).toContain('<template id="B:0"></template>');
    const settled = settleStreamedBoundaries(streamed);
    expect(settled).not.toMatch(/<template id="B:|<div hidden id="S:/);
    // No call is left for the browser to make on what is already in place ($RS would throw on a segment it cannot find).
    expect(streamed).toMatch(/\$RS\("/);
    expect(settled).not.toMatch(/\$R[CS]\("/);
    expect(withoutScripts(settled)).toBe(await rendered("Services", "map"));
  });

  it("puts a boundary's streamed content in place of its fallback, marked complete", () => {
    const streamed = page(
      `<!--$?--><template id="B:0"></template><div role="status"><div class="h-8"></div>Loading…</div><!--/$-->`,
      `<div hidden id="S:0"><section><h1>Services</h1><div><div>card</div></div></section></div>${reveal("B:0", "S:0")}`,
    );
    expect(settleStreamedBoundaries(streamed)).toBe(page(`<!--$--><section><h1>Services</h1><div><div>card</div></div></section><!--/$-->`, revealed));
  });

  it("settles a boundary nested in streamed content, whose own content comes later still", () => {
    const streamed = page(
      `<!--$?--><template id="B:0"></template><p>Loading…</p><!--/$-->`,
      `<div hidden id="S:0"><h1>List</h1><!--$?--><template id="B:1"></template><p>Loading the map…</p><!--/$--></div>${reveal("B:0", "S:0")}` +
        `<div hidden id="S:1"><div id="map">map</div></div>${reveal("B:1", "S:1")}`,
    );
    expect(settleStreamedBoundaries(streamed)).toBe(page(`<!--$--><h1>List</h1><!--$--><div id="map">map</div><!--/$--><!--/$-->`, revealed + revealed));
  });

  it("skips a fallback's own complete boundaries and what scripts and styles hold", () => {
    const content = `<h1>Page</h1><script type="application/ld+json">{"a":"</div><div>"}</script><style>.x::after{content:"<div>"}</style><div>end</div>`;
    const streamed = page(
      `<!--$?--><template id="B:2"></template><!--$--><p>inner</p><!--/$--><!--/$--><p>after</p>`,
      `<div hidden id="S:3">${content}</div>${reveal("B:2", "S:3")}`,
    );
    expect(settleStreamedBoundaries(streamed)).toBe(page(`<!--$-->${content}<!--/$--><p>after</p>`, revealed));
  });

  it("leaves a page it does not fully recognise as it came", () => {
    const pending = `<!--$?--><template id="B:0"></template><p>Loading…</p><!--/$-->`;
    const segment = `<div hidden id="S:0"><h1>List</h1></div>`;
    // A boundary that waits for its styles, or one that failed and is rendered in the browser instead.
    for (const other of [`<script>$RR("B:1","S:1",[])</script>`, `<script>$RX("B:1","","message")</script>`]) {
      const streamed = page(pending, segment + reveal("B:0", "S:0") + other);
      expect(settleStreamedBoundaries(streamed)).toBe(streamed);
    }
    // Its content missing, or cut off before its end.
    for (const tail of [reveal("B:0", "S:0"), `<div hidden id="S:0"><h1>List</h1>${reveal("B:0", "S:0")}`]) {
      const streamed = page(pending, tail);
      expect(settleStreamedBoundaries(streamed)).toBe(streamed);
    }
    // The fallback never closed.
    const unclosed = page(`<!--$?--><template id="B:0"></template><p>Loading…</p>`, segment + reveal("B:0", "S:0"));
    expect(settleStreamedBoundaries(unclosed)).toBe(unclosed);
  });

  it("returns a page without pending boundaries unchanged", () => {
    const whole = page(`<!--$--><h1>Home</h1><!--/$-->`, "");
    expect(settleStreamedBoundaries(whole)).toBe(whole);
  });
});
