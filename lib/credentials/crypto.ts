import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

// AES-256-GCM: "v1:" + base64(iv[12] | tag[16] | ciphertext). The version prefix lets the format
// change later without guessing.

export function encryptJson(value: unknown, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return "v1:" + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString("base64");
}

export function decryptJson<T = unknown>(encrypted: string, key: Buffer): T {
  if (!encrypted.startsWith("v1:")) throw new Error("Unknown credential encryption format");
  const raw = Buffer.from(encrypted.slice(3), "base64");
  const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  const plaintext = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
  return JSON.parse(plaintext.toString("utf8")) as T;
}
