import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

import en from "@/messages/en.json";
import uk from "@/messages/uk.json";

import { MANIFEST_PATHS, webAppManifest } from "./manifest";

const ROOT = path.join(import.meta.dirname, "../..");

/** A PNG's width and height, from its header (IHDR, right after the signature); `file` from the project's root. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(path.join(ROOT, file));
  expect(bytes.subarray(1, 4).toString()).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const words = (messages: typeof en) => ({
  name: messages.Metadata.productName,
  description: messages.Metadata.description,
});

describe("webAppManifest", () => {
  it("installs in the visitor's language: its name, description, language and start page", () => {
    const english = webAppManifest("en", words(en));
    expect(english).toMatchObject({ name: "Maister", short_name: "Maister", lang: "en", start_url: "/home" });
    expect(english.description).toBe(en.Metadata.description);
    const ukrainian = webAppManifest("uk", words(uk));
    expect(ukrainian).toMatchObject({ name: "Майстер", short_name: "Майстер", lang: "uk", start_url: "/ua/home" });
    expect(ukrainian.description).toBe(uk.Metadata.description);
  });

  it("opens as an app over the whole site, in the brand's colours", () => {
    for (const locale of ["en", "uk"] as const) {
      const manifest = webAppManifest(locale, words(en));
      expect(manifest).toMatchObject({ display: "standalone", scope: "/", id: manifest.start_url, dir: "ltr" });
      expect(manifest.theme_color).toBe("#1d4ed8");
      expect(manifest.background_color).toBe("#ffffff");
    }
  });

  it("names icons of 192 and 512 px, plain and maskable, that exist at those sizes", () => {
    const { icons = [] } = webAppManifest("en", words(en));
    for (const size of [192, 512])
      for (const purpose of ["any", "maskable"])
        expect(icons.some((icon) => icon.sizes === `${size}x${size}` && icon.purpose === purpose)).toBe(true);
    for (const icon of icons) {
      expect(icon.type).toBe("image/png");
      const [width, height] = icon.sizes!.split("x").map(Number);
      expect(pngSize(`public${icon.src}`), icon.src).toEqual({ width, height });
    }
    // Next's file convention links it as every page's apple-touch-icon.
    expect(pngSize("app/apple-icon.png")).toEqual({ width: 180, height: 180 });
  });

  it("has one address per language, which the proxy leaves to Next as a file", () => {
    expect(MANIFEST_PATHS).toEqual({ en: "/manifests/en.webmanifest", uk: "/manifests/uk.webmanifest" });
  });
});
