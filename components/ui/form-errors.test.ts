import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldValues, ResolverOptions } from "react-hook-form";
import { describe, expect, it } from "vitest";

import { formLevelMessage, messagesByField, refusal } from "@/components/ui/form-errors";
import { NEW_PASSWORD_WORDING, passwordsMatch } from "@/features/accounts/rules";
import { registerInput } from "@/features/accounts/schema";
import { feedbackInput } from "@/features/feedback/schema";
import { reviewInput } from "@/features/reviews/schema";
import en from "@/messages/en.json";

const translate = (key: string) =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string;

/** What react-hook-form hands a resolver on submit: the names of the form's inputs, and their elements (refs). */
function submitOptions(names: string[]): ResolverOptions<FieldValues> {
  const fields = Object.fromEntries(names.map((name) => [name, { name, ref: { name, focus: () => undefined } }]));
  return { names, fields, shouldUseNativeValidation: false } as unknown as ResolverOptions<FieldValues>;
}

async function refused(schema: Parameters<typeof zodResolver>[0], request: FieldValues, names: string[]) {
  const { errors } = await zodResolver(schema)(request, undefined, submitOptions(names));
  return messagesByField(errors);
}

describe("messagesByField", () => {
  it("reads the resolver's nested errors by dotted name, skipping the elements they point to", async () => {
    const names = ["rating.quality", "rating.speed", "rating.price", "comment", "visitCode"];
    const keys = await refused(
      reviewInput,
      { rating: { quality: "", speed: 4, price: "" }, comment: "x".repeat(601), visitCode: "" },
      names,
    );
    expect(keys).toEqual({
      "rating.quality": "Validation.score",
      "rating.price": "Validation.score",
      comment: "Validation.comment",
    });
  });

  it("is empty for values the schema accepts", async () => {
    expect(
      await refused(reviewInput, { rating: { quality: 5, speed: 4, price: 3 }, comment: "" }, ["rating.quality"]),
    ).toEqual({});
  });

  it("keeps a form-level message next to the fields", () => {
    expect(
      messagesByField({
        root: { server: { type: "Auth.unconfirmed", message: "Please confirm" } },
        email: { type: "server", message: "Taken" },
      }),
    ).toEqual({
      "root.server": "Please confirm",
      email: "Taken",
    });
  });
});

describe("refusal", () => {
  it("words the schema's keys and the form's own rules in the page's language, with the form's wording for a refused new password", async () => {
    const values = { name: "Ірина", email: "irina@test.local", password: "weak", confirm: "other" };
    const keys = { ...passwordsMatch(values), ...(await refused(registerInput, values, Object.keys(values))) };
    const shown = (field: string) => field in values;
    expect(refusal(keys, { shown, wording: NEW_PASSWORD_WORDING, translate })).toEqual({
      fields: { password: "Please enter a valid password", confirm: "Passwords do not match" },
      form: null,
    });
  });

  it("says the problem of a field the form does not show as the form's message, the first one only", async () => {
    const keys = await refused(feedbackInput, { title: "Idea", message: "", email: "not an address" }, [
      "title",
      "message",
    ]);
    expect(refusal(keys, { shown: (field) => field === "title" || field === "message", translate })).toEqual({
      fields: { message: "Please enter a message (at most 2000 characters)." },
      form: "Please enter a valid e-mail",
    });
  });

  it("lets matching passwords pass", () => {
    const values = { password: "Kovbasa42!", confirm: "Kovbasa42!" };
    expect(refusal(passwordsMatch(values), { shown: () => true, translate })).toEqual({ fields: {}, form: null });
  });
});

describe("formLevelMessage", () => {
  const wrong = translate("Auth.confirmPasswordWrong");

  it("is not said once more above the form when a field the form shows says it already", () => {
    expect(formLevelMessage(wrong, { password: wrong }, (field) => field === "password")).toBeNull();
  });

  it("is kept when it says something else, or when the field it repeats is not one the form shows", () => {
    const other = translate("Api.badRequest");
    expect(formLevelMessage(other, { password: wrong }, () => true)).toBe(other);
    expect(formLevelMessage(wrong, { token: wrong }, (field) => field === "password")).toBe(wrong);
    expect(formLevelMessage(wrong, {}, () => true)).toBe(wrong);
  });
});
