import "server-only";
import { getDb } from "@/lib/db";

// UpsertRecord rows: which chunk (by content hash) went into which store node of a chatflow, under
// which vector ids. They decide what an upsert skips and what deleting a chatflow removes.

export interface LedgerScope {
  workspaceId: string;
  chatflowId: string;
  storeNodeId: string;
}

export interface UpsertLedger {
  /** The recorded hashes among these. */
  findRecorded(hashes: string[]): Promise<Set<string>>;
  /** Records the entries; returns the hashes this call inserted (another upsert may have won some). */
  record(entries: Array<{ contentHash: string; vectorIds: string[] }>): Promise<Set<string>>;
}

const queryBatchSize = 5000;

// Raw SQL with one array parameter per column: through Prisma's query builder, thousands of rows
// cost more CPU than the vector store's own work (the upsert benchmark's profile).
export function databaseLedger(scope: LedgerScope): UpsertLedger {
  const { workspaceId, chatflowId, storeNodeId } = scope;
  return {
    async findRecorded(hashes) {
      const db = await getDb();
      const found = new Set<string>();
      for (let start = 0; start < hashes.length; start += queryBatchSize) {
        const rows = await db.$queryRaw<Array<{ contentHash: string }>>`
          SELECT "contentHash" FROM "UpsertRecord"
          WHERE "chatflowId" = ${chatflowId}::uuid AND "storeNodeId" = ${storeNodeId}
            AND "workspaceId" = ${workspaceId}::uuid
            AND "contentHash" = ANY(${hashes.slice(start, start + queryBatchSize)}::text[])`;
        for (const row of rows) found.add(row.contentHash);
      }
      return found;
    },
    async record(entries) {
      const db = await getDb();
      const inserted = new Set<string>();
      for (let start = 0; start < entries.length; start += queryBatchSize) {
        const batch = entries.slice(start, start + queryBatchSize);
        const rows = await db.$queryRaw<Array<{ contentHash: string }>>`
          INSERT INTO "UpsertRecord" ("id", "workspaceId", "chatflowId", "storeNodeId", "contentHash", "vectorIds")
          SELECT gen_random_uuid(), ${workspaceId}::uuid, ${chatflowId}::uuid, ${storeNodeId}, entry.hash,
                 ARRAY(SELECT jsonb_array_elements_text(ids.list))
          FROM unnest(${batch.map((entry) => entry.contentHash)}::text[]) WITH ORDINALITY AS entry(hash, n)
          JOIN jsonb_array_elements(${JSON.stringify(batch.map((entry) => entry.vectorIds))}::jsonb)
            WITH ORDINALITY AS ids(list, n) USING (n)
          ON CONFLICT ("chatflowId", "storeNodeId", "contentHash") DO NOTHING
          RETURNING "contentHash"`;
        for (const row of rows) inserted.add(row.contentHash);
      }
      return inserted;
    },
  };
}

/** Vector ids recorded for a chatflow, by store node (for deleting them from shared collections). */
export async function listRecordedVectorIds(
  workspaceId: string,
  chatflowId: string,
): Promise<Map<string, string[]>> {
  const db = await getDb();
  const rows = await db.upsertRecord.findMany({
    where: { workspaceId, chatflowId },
    select: { storeNodeId: true, vectorIds: true },
  });
  const byNode = new Map<string, string[]>();
  for (const row of rows)
    byNode.set(row.storeNodeId, [...(byNode.get(row.storeNodeId) ?? []), ...row.vectorIds]);
  return byNode;
}
