import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import pg from "pg";
import { PrismaClient } from "./generated/prisma/client";
import { applyMigrations, readMigrations, type SqlExecutor } from "./migrate.mjs";

export interface DatabaseConnection {
  prisma: PrismaClient;
  kind: "postgres" | "pglite";
  /** Migrations applied by this connection (empty when the schema was already current). */
  appliedMigrations: string[];
  close(): Promise<void>;
}

export interface ConnectOptions {
  databaseUrl?: string;
  /** Where PGlite keeps its files when no databaseUrl is given. */
  dataDir: string;
  poolSize?: number;
}

/** Opens the database (PostgreSQL if a URL is given, else PGlite on disk) and migrates it. */
export async function connectDatabase(options: ConnectOptions): Promise<DatabaseConnection> {
  const migrations = await readMigrations();
  if (options.databaseUrl) {
    const migrator = new pg.Client({ connectionString: options.databaseUrl });
    await migrator.connect();
    let appliedMigrations: string[];
    try {
      appliedMigrations = await applyMigrations(pgExecutor(migrator), migrations);
    } finally {
      await migrator.end();
    }
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client that loses its server (a restart) must not crash the process.
    pool.on("error", () => {});
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
    return { prisma, kind: "postgres", appliedMigrations, close: () => prisma.$disconnect() };
  }

  const directory = path.resolve(options.dataDir, "db");
  await mkdir(directory, { recursive: true });
  const pglite = await PGlite.create(directory);
  const appliedMigrations = await applyMigrations(pgliteExecutor(pglite), migrations);
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  return {
    prisma,
    kind: "pglite",
    appliedMigrations,
    close: async () => {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}

function pgExecutor(client: pg.Client): SqlExecutor {
  return {
    query: async <Row>(sql: string, params?: unknown[]) => ({
      rows: (await client.query(sql, params)).rows as Row[],
    }),
    exec: async (sql) => {
      await client.query(sql);
    },
  };
}

function pgliteExecutor(pglite: PGlite): SqlExecutor {
  return {
    query: async <Row>(sql: string, params?: unknown[]) => ({
      rows: (await pglite.query<Row>(sql, params)).rows,
    }),
    exec: async (sql) => {
      await pglite.exec(sql);
    },
  };
}
