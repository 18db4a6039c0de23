import { getDb } from "@/lib/db";
import { missingHostedSettings } from "@/lib/env";
import { getSecrets } from "@/lib/secrets";

/** Checks configuration, loads secrets, connects and migrates: a bad setup fails here, by name. */
export async function startServer() {
  const missing = missingHostedSettings();
  if (missing.length > 0) {
    throw new Error(`Missing required environment variables in hosted mode: ${missing.join(", ")}`);
  }
  getSecrets();
  await getDb();
}
