import "server-only";
import { env, isHosted } from "@/lib/env";
import { log } from "@/lib/log";
import { connectDatabase, type DatabaseConnection } from "./connect";
import type { PrismaClient } from "./generated/prisma/client";

export type { PrismaClient };
import { Prisma } from "./generated/prisma/client";
export { Prisma };

// One connection per process, kept on globalThis so that dev-server reloads reuse it.
const holder = globalThis as typeof globalThis & { __chatflowDb?: Promise<DatabaseConnection> };

function openDatabase(): Promise<DatabaseConnection> {
  // Serverless functions cannot keep an embedded database: never fall back to PGlite there.
  if (isHosted && !env.DATABASE_URL) {
    return Promise.reject(new Error("DATABASE_URL is required in hosted mode (VERCEL is set)"));
  }
  const started = Date.now();
  return connectDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }).then((connection) => {
    log.info("database ready", {
      kind: connection.kind,
      appliedMigrations: connection.appliedMigrations,
      ms: Date.now() - started,
    });
    return connection;
  });
}

/** The migrated database. The first call connects and applies pending migrations. */
export async function getDb(): Promise<PrismaClient> {
  holder.__chatflowDb ??= openDatabase().catch((error) => {
    holder.__chatflowDb = undefined; // let the next request try again
    throw error;
  });
  return (await holder.__chatflowDb).prisma;
}

/** Runs a write on one row that must exist in the workspace; Prisma's "record not found" becomes a 404. */
export async function orNotFound<T>(write: Promise<T>, onMissing: () => Error): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") throw onMissing();
    throw error;
  }
}
