import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

// Applies prisma/migrations/<timestamp>_<name>/migration.sql in order, each in its own transaction,
// and records name + sha256 in "_AppliedMigration". Works on PostgreSQL (pg) and PGlite alike.
// Prisma's own `migrate` needs a native engine that cannot be installed here (ARCHITECTURE.md).

export interface SqlExecutor {
  query<Row>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
  /** Runs a script of several statements. */
  exec(sql: string): Promise<void>;
}

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

// Any fixed number: instances starting together take turns instead of racing to create tables.
const MIGRATION_LOCK_ID = 727_274_001;

export async function readMigrations(): Promise<Migration[]> {
  const entries = await readdir(path.join(process.cwd(), "prisma", "migrations"), { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    names.map(async (name): Promise<Migration> => {
      const sql = await readFile(
        path.join(process.cwd(), "prisma", "migrations", name, "migration.sql"),
        "utf8",
      );
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

/** Applies pending migrations; returns the names it applied. Safe to call on every start. */
export async function applyMigrations(db: SqlExecutor, migrations: Migration[]): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS "_AppliedMigration" (
    "name" TEXT PRIMARY KEY,
    "checksum" TEXT NOT NULL,
    "appliedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
  )`);
  const applied: string[] = [];
  for (const migration of migrations) {
    await db.exec("BEGIN");
    try {
      await db.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_ID]);
      const { rows } = await db.query<{ checksum: string }>(
        `SELECT "checksum" FROM "_AppliedMigration" WHERE "name" = $1`,
        [migration.name],
      );
      if (rows.length > 0) {
        if (rows[0].checksum !== migration.checksum) {
          throw new Error(
            `Migration ${migration.name} was changed after it was applied; add a new migration instead`,
          );
        }
        await db.exec("COMMIT");
        continue;
      }
      await db.exec(migration.sql);
      await db.query(`INSERT INTO "_AppliedMigration" ("name", "checksum") VALUES ($1, $2)`, [
        migration.name,
        migration.checksum,
      ]);
      await db.exec("COMMIT");
      applied.push(migration.name);
    } catch (error) {
      await db.exec("ROLLBACK");
      throw error;
    }
  }
  return applied;
}
