import { describe, expect, it } from "vitest";
import { decoyPasswordHash, hashPassword, verifyPassword } from "./password";

describe("password hashing", () => {
  it("verifies the password it hashed and rejects another", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batterz", stored)).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });

  it("never matches the decoy used for unknown emails", async () => {
    expect(await verifyPassword("", decoyPasswordHash)).toBe(false);
  });
});
