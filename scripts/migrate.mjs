// `npm run db:migrate`: applies pending SQL migrations to DATABASE_URL (PostgreSQL), for instance in a
// hosted build step. The app also applies them at start-up, so running this is optional elsewhere.
import pg from "pg";
import { applyMigrations, readMigrations } from "../lib/db/migrate.mjs";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("DATABASE_URL is required: migrations are applied to that PostgreSQL database.");
  process.exit(1);
}
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
try {
  const applied = await applyMigrations(
    {
      query: async (sql, params) => ({ rows: (await client.query(sql, params)).rows }),
      exec: async (sql) => void (await client.query(sql)),
    },
    await readMigrations(),
  );
  console.log(applied.length ? `Applied ${applied.join(", ")}` : "Database schema is up to date");
} finally {
  await client.end();
}
