import { getDb } from "@/lib/db";
import { missingHostedSettings } from "@/lib/env";
import { log } from "@/lib/log";
import { getSecrets } from "@/lib/secrets";

/** A setup that cannot work until someone changes the environment: retrying is pointless. */
export class ConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigurationError";
  }
}

/** Checks configuration, loads secrets, connects and migrates: a bad setup fails here, by name. */
export async function startServer() {
  const missing = missingHostedSettings();
  if (missing.length > 0) {
    throw new ConfigurationError(
      `Missing required environment variables in hosted mode: ${missing.join(", ")}`,
    );
  }
  try {
    getSecrets();
  } catch (error) {
    throw new ConfigurationError((error as Error).message);
  }
  try {
    await getDb();
  } catch (error) {
    // Next stops serving for good when this hook throws; a database that is down or busy now may
    // answer later, and getDb() connects again on the next request.
    log.error("database not ready at start-up; will retry on the next request", { error });
  }
}
