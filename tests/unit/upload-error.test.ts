import { describe, expect, it } from "vitest";
import { uploadFailureKey } from "@/lib/upload-error";

describe("uploadFailureKey", () => {
  it("names the real problem from the server's answer", () => {
    expect(uploadFailureKey(413, { key: "Validation.image" })).toBe("Validation.image");
    expect(uploadFailureKey(400, { key: "Api.badRequest", errors: { image: { key: "Validation.imageType" } } })).toBe("Validation.imageType");
    expect(uploadFailureKey(429, { key: "Auth.tooManyRequests" })).toBe("Auth.tooManyRequests");
    expect(uploadFailureKey(401, { key: "Auth.signInRequired" })).toBe("Auth.signInRequired");
  });

  it("says too large for a 413 without our JSON (a proxy's page)", () => {
    expect(uploadFailureKey(413, null)).toBe("Validation.image");
  });

  it("never blames the file type for a failure that is not about it", () => {
    for (const [status, body] of [
      [500, { key: "Api.error" }],
      [503, { key: "Api.unavailable" }],
      [502, null],
      [400, { key: "Validation.multipart", errors: { image: { key: "Validation.multipart" } } }],
      [201, {}],
    ] as const) {
      expect(uploadFailureKey(status, body)).toBe("Validation.imageUploadFailed");
    }
  });
});
