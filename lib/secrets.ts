import "server-only";
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env, isHosted } from "@/lib/env";

// AUTH_SECRET and ENCRYPTION_KEY come from the environment. On one machine without them, they are
// generated once and kept in DATA_DIR/secrets.json (mode 0600) so sessions and ciphertexts survive
// restarts. Hosted mode never writes files: a missing secret stops the server with its name.

interface Secrets {
  authSecret: string;
  encryptionKey: Buffer;
}

let cached: Secrets | undefined;

export function getSecrets(): Secrets {
  cached ??= loadSecrets();
  return cached;
}

function loadSecrets(): Secrets {
  if (env.AUTH_SECRET && env.ENCRYPTION_KEY) {
    return { authSecret: env.AUTH_SECRET, encryptionKey: Buffer.from(env.ENCRYPTION_KEY, "hex") };
  }
  if (isHosted) {
    const missing = [!env.AUTH_SECRET && "AUTH_SECRET", !env.ENCRYPTION_KEY && "ENCRYPTION_KEY"].filter(
      Boolean,
    );
    throw new Error(`Missing required environment variables in hosted mode: ${missing.join(", ")}`);
  }
  const stored = readOrCreateStoredSecrets();
  return {
    authSecret: env.AUTH_SECRET ?? stored.authSecret,
    encryptionKey: Buffer.from(env.ENCRYPTION_KEY ?? stored.encryptionKey, "hex"),
  };
}

function readOrCreateStoredSecrets(): { authSecret: string; encryptionKey: string } {
  const file = path.resolve(env.DATA_DIR, "secrets.json");
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const generated = {
    authSecret: randomBytes(32).toString("base64url"),
    encryptionKey: randomBytes(32).toString("hex"),
  };
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // "wx": if another process created it meanwhile, keep theirs.
    writeFileSync(file, JSON.stringify(generated), { mode: 0o600, flag: "wx" });
    chmodSync(file, 0o600);
    return generated;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return JSON.parse(readFileSync(file, "utf8"));
    throw error;
  }
}
