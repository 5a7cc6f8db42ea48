import { describe, expect, it } from "vitest";

import { uploadFailureKey, uploadServerMessage } from "@/features/uploads/upload-error";

describe("uploadFailureKey", () => {
  it("names the real problem from the server's answer", () => {
    expect(uploadFailureKey(413, { key: "Validation.image" })).toBe("Validation.image");
    expect(uploadFailureKey(400, { key: "Api.badRequest", errors: { image: { key: "Validation.imageType" } } })).toBe(
      "Validation.imageType",
    );
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

describe("uploadServerMessage", () => {
  const damaged = "The image could not be read: the file may be damaged. Please choose another image.";

  it("is the server's own reason, in the language it answered in", () => {
    const body = {
      key: "Api.badRequest",
      message: damaged,
      errors: { image: { key: "Validation.imageUnreadable", message: damaged } },
    };
    expect(uploadServerMessage(body)).toBe(damaged);
    expect(
      uploadServerMessage({ key: "Validation.imageUnreadable", message: "Не вдалося прочитати зображення." }),
    ).toBe("Не вдалося прочитати зображення.");
    expect(uploadServerMessage({ key: "Api.unavailable", message: "The service is temporarily unavailable." })).toBe(
      "The service is temporarily unavailable.",
    );
  });

  it("leaves the generic server error, a proxy's page and an empty text to the upload's own words", () => {
    expect(uploadServerMessage({ key: "Api.error", message: "Something went wrong. Please try again." })).toBeNull();
    expect(uploadServerMessage(null)).toBeNull();
    expect(uploadServerMessage({ key: "Validation.image", message: " " })).toBeNull();
    expect(uploadServerMessage({ key: "Validation.image", message: 413 })).toBeNull();
  });
});
