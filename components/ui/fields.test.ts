import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { Field, Labelled } from "@/components/ui/fields";

const labelled = (props: { error?: string; hint?: string; hintStays?: boolean; messageId?: string }) =>
  renderToStaticMarkup(
    // Labelled's child is a function (a render prop), which createElement's children argument is not typed to take.
    // eslint-disable-next-line react/no-children-prop
    createElement(Labelled, {
      id: "review-comment",
      label: "Comment",
      ...props,
      children: (control) => createElement("textarea", control),
    }),
  );

describe("Labelled", () => {
  it("names its control and describes it by the hint", () => {
    const html = labelled({ hint: "500 characters left" });
    expect(html).toContain('<label for="review-comment"');
    expect(html).toContain('<textarea id="review-comment" aria-describedby="review-comment-hint"></textarea>');
    expect(html).toContain(
      '<span id="review-comment-hint" class="mt-1 block text-xs text-slate-500">500 characters left</span>',
    );
  });

  it("puts the error in the hint's place, marked invalid", () => {
    const html = labelled({ hint: "500 characters left", error: "Too long" });
    expect(html).toContain(
      '<textarea id="review-comment" aria-invalid="true" aria-describedby="review-comment-error"></textarea>',
    );
    expect(html).not.toContain("characters left");
    expect(html).toContain('id="review-comment-error"');
  });

  it("keeps a hint that says what is accepted under the error", () => {
    const html = labelled({ hint: "067 123 4567 or +380…", error: "Not a phone", hintStays: true });
    expect(html).toContain('aria-describedby="review-comment-error review-comment-hint"');
    expect(html).toContain("067 123 4567 or +380…");
  });

  it("says nothing under a control with neither", () => {
    expect(labelled({})).toBe(
      '<div class="text-sm"><label for="review-comment" class="font-medium">Comment</label><textarea id="review-comment"></textarea></div>',
    );
  });
});

describe("Field", () => {
  it("keeps its ids: the input field-<name>, the messages <name>-error and <name>-hint", () => {
    const html = renderToStaticMarkup(
      createElement(Field, {
        label: "Name",
        name: "name",
        error: "Letters only",
        hint: "Letters, spaces and apostrophes",
      }),
    );
    const input = html.match(/<input[^>]*>/)![0];
    for (const attribute of [
      'id="field-name"',
      'name="name"',
      'aria-invalid="true"',
      'aria-describedby="name-error name-hint"',
    ])
      expect(input).toContain(attribute);
    expect(html).toContain('<span id="name-hint"');
    expect(html).toContain('<span id="name-error"');
  });
});
