/**
 * A page React streams with a Suspense boundary still waiting when its shell goes out carries the
 * boundary's fallback in place and, further down, its content in a hidden `<div id="S:…">` that an
 * inline script (`$RC("B:…","S:…")`) moves into place. React 19.2 holds that move back, so that
 * reveals come in batches, to 300 ms after the last paint whenever the browser painted before it
 * reached the script (a phone parsing a long page does). A page sent whole from the page cache has
 * nothing left to wait for: the wait only delays its content, and the fallback and the hidden copy
 * are bytes for nothing. `settleStreamedBoundaries` does once, on the server, what the script would
 * do in the browser: the content in place of the fallback, the boundary marked complete
 * (`<!--$-->`), which is the markup React sends for content that was ready with the shell and
 * hydrates as such. A part that finished inside content still hidden (`$RS("S:…","P:…")`) is put in
 * its placeholder the same way. What it does not recognise it leaves as it came (the page then
 * works as streamed, only later).
 */

const PENDING = "<!--$?-->";
const COMPLETE = "<!--$-->";
const END = "<!--/$-->";
/** Comments that open a boundary (Suspense: complete, pending, errored, queued; Activity) and that close one. */
const OPENS = new Set(["$", "$?", "$!", "$~", "&"]);
const CLOSES = new Set(["/$", "/&"]);
/** Instructions this does not carry out (a boundary waiting for its styles, one that failed): the page stays as it is. */
const OTHER_INSTRUCTIONS = /\$R[RX]\("/;
/** Reveal a boundary (`$RC(boundary, segment)`) or fill a placeholder (`$RS(segment, placeholder)`), in the order the browser would. */
const INSTRUCTIONS = /\$R([CS])\("([A-Z]:[0-9a-f]+)","([A-Z]:[0-9a-f]+)"\)/g;

export function settleStreamedBoundaries(html: string): string {
  if (OTHER_INSTRUCTIONS.test(html)) return html;
  let page: string | null = html;
  for (const [call, kind, first, second] of html.matchAll(INSTRUCTIONS)) {
    page = kind === "C" ? reveal(page, first!, second!) : fill(page, second!, first!);
    if (page === null) return html;
    // Done here, the call is taken out of its script: run in the browser, `$RS` would throw on the segment it no longer finds.
    page = page.replace(call, "");
  }
  return page;
}

/** The boundary's fallback, from its pending mark to its end, replaced by the segment's content. */
function reveal(html: string, boundary: string, segment: string): string | null {
  const marker = `${PENDING}<template id="${boundary}"></template>`;
  const start = unique(html, marker);
  if (start === null) return null;
  const end = closingComment(html, start + marker.length);
  return end === null ? null : moveSegment(html, segment, start, end + END.length, (content) => COMPLETE + content + END);
}

/** The placeholder replaced by the segment's content. */
function fill(html: string, placeholder: string, segment: string): string | null {
  const marker = `<template id="${placeholder}"></template>`;
  const start = unique(html, marker);
  return start === null ? null : moveSegment(html, segment, start, start + marker.length, (content) => content);
}

/** `html` with [start, end) replaced by the hidden segment's content (wrapped), and the segment, found after `end`, gone. */
function moveSegment(html: string, segment: string, start: number, end: number, wrap: (content: string) => string): string | null {
  const opening = `<div hidden id="${segment}">`;
  const segmentStart = html.indexOf(opening, end);
  if (segmentStart < 0) return null;
  const segmentEnd = closingDiv(html, segmentStart + opening.length);
  if (segmentEnd === null) return null;
  return (
    html.slice(0, start) +
    wrap(html.slice(segmentStart + opening.length, segmentEnd)) +
    html.slice(end, segmentStart) +
    html.slice(segmentEnd + "</div>".length)
  );
}

function unique(html: string, marker: string): number | null {
  const at = html.indexOf(marker);
  return at < 0 || html.indexOf(marker, at + 1) >= 0 ? null : at;
}

/** Where the boundary opened just before `from` closes: the index of its `<!--/$-->`. */
function closingComment(html: string, from: number): number | null {
  let depth = 0;
  for (const tag of tags(html, from)) {
    if (tag.kind !== "comment") continue;
    if (OPENS.has(tag.text)) depth++;
    else if (CLOSES.has(tag.text)) {
      if (depth === 0) return tag.text === "/$" ? tag.at : null;
      depth--;
    }
  }
  return null;
}

/** Where the `<div>` opened just before `from` closes: the index of its `</div>`. */
function closingDiv(html: string, from: number): number | null {
  let depth = 0;
  for (const tag of tags(html, from)) {
    if (tag.kind === "open" && tag.text === "div") depth++;
    else if (tag.kind === "close" && tag.text === "div") {
      if (depth === 0) return tag.at;
      depth--;
    }
  }
  return null;
}

type Tag = { kind: "open" | "close" | "comment"; text: string; at: number };

/**
 * The tags and comments of React's markup from `from` on. React escapes `<` in text and attribute
 * values, so a `<` starts a tag or a comment, except inside a script or a style, which are skipped
 * whole.
 */
function* tags(html: string, from: number): Generator<Tag> {
  let at = html.indexOf("<", from);
  while (at >= 0) {
    if (html.startsWith("<!--", at)) {
      const end = html.indexOf("-->", at + 4);
      if (end < 0) return;
      yield { kind: "comment", text: html.slice(at + 4, end), at };
      at = html.indexOf("<", end + 3);
      continue;
    }
    const name = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(at, at + 40));
    if (!name) {
      at = html.indexOf("<", at + 1);
      continue;
    }
    const element = name[2]!.toLowerCase();
    yield { kind: name[1] ? "close" : "open", text: element, at };
    if (!name[1] && (element === "script" || element === "style")) {
      const end = html.indexOf(`</${element}`, at);
      if (end < 0) return;
      at = html.indexOf("<", end + 2);
      continue;
    }
    at = html.indexOf("<", at + 1);
  }
}
