import path from "node:path";
import { describe, expect, it } from "vitest";

import CLIENT_KEYS from "@/i18n/client-message-keys.json";

import { clientKeysOf, computeClientKeys } from "../../scripts/messages/client-keys";

const messages = {
  Cards: { call: "Call", sto: "Station", master: "Master", hint: "Hint", unused: "Unused" },
  Sort: { options: { up: "Up", down: "Down" }, label: "Sort" },
  Errors: { invalid: "Invalid", taken: "Taken" },
};
const keysOf = (text: string) => clientKeysOf([{ file: "component.tsx", text }], messages);

describe("the keys of each namespace the browser can ask for", () => {
  it("takes literal keys, either side of a ? :, and t.rich/t.has", () => {
    const text = `"use client";
      export function Card({ sto }: { sto: boolean }) {
        const t = useTranslations("Cards");
        return <p title={t.rich("hint", {})}>{t(sto ? "sto" : "master")} {t("call")}</p>;
      }`;
    expect(keysOf(text)).toEqual({ Cards: ["call", "hint", "master", "sto"] });
  });

  it("follows a namespace's sub-path and keeps the group's nesting", () => {
    expect(keysOf(`const t = useTranslations("Sort.options"); t("up");`)).toEqual({ Sort: ["options.up"] });
  });

  it("takes a whole group for a key built inside it", () => {
    expect(keysOf('const t = useTranslations("Sort"); t(`options.${direction}`);')).toEqual({ Sort: ["options"] });
  });

  it("needs the whole namespace for a key computed at run time, or a function handed on", () => {
    expect(keysOf(`function A({ k }) { const t = useTranslations("Sort"); return t(k); }`)).toEqual({ Sort: true });
    expect(keysOf(`function A() { const t = useTranslations("Cards"); return <B t={t} />; }`)).toEqual({ Cards: true });
  });

  it("does not count a hook's dependency list as handing the function on", () => {
    const text = `function A() {
        const t = useTranslations("Cards");
        const say = useCallback(() => t("call"), [t]);
        useEffect(() => void say(), [say, t]);
      }`;
    expect(keysOf(text)).toEqual({ Cards: ["call"] });
    expect(keysOf(`function A() { const t = useTranslations("Cards"); return useMemo(() => [t], []); }`)).toEqual({
      Cards: true,
    });
  });

  it("refuses useTranslations under another name rather than miss its keys", () => {
    expect(() =>
      keysOf(`import { useTranslations as useT } from "next-intl"; const t = useT("Cards"); t("call");`),
    ).toThrow(/under its own name/);
  });

  it("takes keys written as data ('Namespace.key') when the files translate data, and drops ones the messages lack", () => {
    const data = `throw new Problem("Errors.taken"); const other = "Errors.nothing"; const file = "Cards.tsx"; const key = \`Sort.\${code}\`;`;
    expect(keysOf(data)).toEqual({});
    expect(
      clientKeysOf(
        [
          { file: "schema.ts", text: data },
          { file: "form.tsx", text: "const t = useTranslations(); t(issue.message);" },
        ],
        messages,
      ),
    ).toEqual({
      Errors: ["taken"],
      Sort: true,
    });
  });

  it("keeps two functions of one name in different components apart only by namespace, never losing a key", () => {
    const text = `
      function A() { const t = useTranslations("Cards"); return t("call"); }
      function B() { const t = useTranslations("Errors"); return t("invalid"); }`;
    expect(keysOf(text)).toEqual({ Cards: ["call"], Errors: ["invalid"] });
  });
});

describe("i18n/client-message-keys.json", () => {
  it("is what the code asks for today (else run npm run messages:client-keys)", () => {
    expect(CLIENT_KEYS).toEqual(computeClientKeys(path.resolve(import.meta.dirname, "../..")));
  });
});
