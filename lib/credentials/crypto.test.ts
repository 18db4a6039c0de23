import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decryptJson, encryptJson } from "./crypto";

const key = randomBytes(32);

describe("credential encryption", () => {
  it("round-trips JSON and hides the plaintext", () => {
    const secret = { openAIApiKey: "sk-very-secret" };
    const encrypted = encryptJson(secret, key);
    expect(encrypted.startsWith("v1:")).toBe(true);
    expect(encrypted).not.toContain("sk-very-secret");
    expect(decryptJson(encrypted, key)).toEqual(secret);
  });

  it("refuses a tampered ciphertext or the wrong key", () => {
    const encrypted = encryptJson({ a: 1 }, key);
    const raw = Buffer.from(encrypted.slice(3), "base64");
    raw[raw.length - 1] ^= 1;
    expect(() => decryptJson("v1:" + raw.toString("base64"), key)).toThrow();
    expect(() => decryptJson(encrypted, randomBytes(32))).toThrow();
  });
});
