// @ts-check
// Plain JavaScript (types in migrate.d.mts) so that `npm run db:migrate` can run it with Node alone,
// for instance in a hosted build step, as well as the app at start-up.
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

// Applies prisma/migrations/<timestamp>_<name>/migration.sql in order, each in its own transaction,
// and records name + sha256 in "_AppliedMigration". Works on PostgreSQL (pg) and PGlite alike.
// Prisma's own `migrate` needs a native engine that cannot be installed here (ARCHITECTURE.md).

// Any fixed number: instances starting together take turns instead of racing to create tables.
const MIGRATION_LOCK_ID = 727_274_001;

/** @returns {Promise<import("./migrate.d.mts").Migration[]>} */
export async function readMigrations() {
  const entries = await readdir(path.join(process.cwd(), "prisma", "migrations"), { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(
        path.join(process.cwd(), "prisma", "migrations", name, "migration.sql"),
        "utf8",
      );
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

/**
 * Applies pending migrations; returns the names it applied. Safe to call on every start.
 * @param {import("./migrate.d.mts").SqlExecutor} db
 * @param {import("./migrate.d.mts").Migration[]} migrations
 * @returns {Promise<string[]>}
 */
export async function applyMigrations(db, migrations) {
  // Under the lock too: two instances creating the table at once collide in PostgreSQL's catalog
  // even with IF NOT EXISTS.
  await db.exec("BEGIN");
  try {
    await db.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_ID]);
    await db.exec(`CREATE TABLE IF NOT EXISTS "_AppliedMigration" (
      "name" TEXT PRIMARY KEY,
      "checksum" TEXT NOT NULL,
      "appliedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
    )`);
    await db.exec("COMMIT");
  } catch (error) {
    await db.exec("ROLLBACK");
    throw error;
  }
  /** @type {string[]} */
  const applied = [];
  for (const migration of migrations) {
    await db.exec("BEGIN");
    try {
      await db.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_ID]);
      /** @type {{ rows: { checksum: string }[] }} */
      const { rows } = await db.query(`SELECT "checksum" FROM "_AppliedMigration" WHERE "name" = $1`, [
        migration.name,
      ]);
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
