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

export function databaseLedger(scope: LedgerScope): UpsertLedger {
  const { workspaceId, chatflowId, storeNodeId } = scope;
  return {
    async findRecorded(hashes) {
      const db = await getDb();
      const found = new Set<string>();
      for (let start = 0; start < hashes.length; start += queryBatchSize) {
        const rows = await db.upsertRecord.findMany({
          where: {
            workspaceId,
            chatflowId,
            storeNodeId,
            contentHash: { in: hashes.slice(start, start + queryBatchSize) },
          },
          select: { contentHash: true },
        });
        for (const row of rows) found.add(row.contentHash);
      }
      return found;
    },
    async record(entries) {
      const db = await getDb();
      const inserted = new Set<string>();
      for (let start = 0; start < entries.length; start += queryBatchSize) {
        const rows = await db.upsertRecord.createManyAndReturn({
          data: entries
            .slice(start, start + queryBatchSize)
            .map((entry) => ({ ...entry, workspaceId, chatflowId, storeNodeId })),
          skipDuplicates: true,
          select: { contentHash: true },
        });
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
