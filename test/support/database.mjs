// @ts-check
// Plain JavaScript (types in database.d.mts) so the tests and the benchmark share it.
import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * Creates an empty database on the server of `serverUrl`; returns its URL, name and a dropper.
 * @param {string} serverUrl
 * @param {string} [prefix]
 */
export async function createTestDatabase(serverUrl, prefix = "cfs_test") {
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}
