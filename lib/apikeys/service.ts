import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { notFound } from "@/lib/api/errors";
import { getDb, orNotFound } from "@/lib/db";
import { isUuid } from "@/lib/ids";

const KEY_PREFIX = "cfs_";

export interface ApiKeyJson {
  id: string;
  keyName: string;
  /** The first characters of the key, to recognise it; the key itself is shown only once. */
  keyPreview: string;
  createdDate: string;
  updatedDate: string;
}

type ApiKeyRow = { id: string; keyName: string; keyPrefix: string; createdDate: Date; updatedDate: Date };

export function toApiKeyJson(row: ApiKeyRow): ApiKeyJson {
  return {
    id: row.id,
    keyName: row.keyName,
    keyPreview: `${row.keyPrefix}…`,
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
  };
}

export const hashApiKey = (apiKey: string) => createHash("sha256").update(apiKey).digest("hex");

export async function listApiKeys(workspaceId: string, page: { skip: number; take: number }) {
  const db = await getDb();
  const where = { workspaceId };
  const [rows, total] = await Promise.all([
    db.apiKey.findMany({ where, orderBy: { updatedDate: "desc" }, ...page }),
    db.apiKey.count({ where }),
  ]);
  return { items: rows.map(toApiKeyJson), total };
}

/** Creates a key of 256 random bits; returns it in clear this once. Only its hash is stored. */
export async function createApiKey(workspaceId: string, keyName: string) {
  const db = await getDb();
  const apiKey = KEY_PREFIX + randomBytes(32).toString("base64url");
  const row = await db.apiKey.create({
    data: { workspaceId, keyName, keyHash: hashApiKey(apiKey), keyPrefix: apiKey.slice(0, 10) },
  });
  return { id: row.id, keyName: row.keyName, apiKey, createdDate: row.createdDate.toISOString() };
}

export async function renameApiKey(workspaceId: string, id: string, keyName: string) {
  const db = await getDb();
  if (!isUuid(id)) throw notFound("API key");
  const row = await orNotFound(db.apiKey.update({ where: { id, workspaceId }, data: { keyName } }), () =>
    notFound("API key"),
  );
  return toApiKeyJson(row);
}

export async function deleteApiKey(workspaceId: string, id: string) {
  const db = await getDb();
  if (!isUuid(id)) throw notFound("API key");
  const { count } = await db.apiKey.deleteMany({ where: { id, workspaceId } });
  if (count === 0) throw notFound("API key");
}

/** The key row for a presented secret, or null. One indexed lookup, no slow hash. */
export async function findApiKey(apiKey: string) {
  if (!apiKey.startsWith(KEY_PREFIX)) return null;
  const db = await getDb();
  return db.apiKey.findUnique({
    where: { keyHash: hashApiKey(apiKey) },
    select: { id: true, workspaceId: true },
  });
}

export async function isWorkspaceApiKey(workspaceId: string, id: string) {
  if (!isUuid(id)) return false;
  const db = await getDb();
  return (await db.apiKey.count({ where: { id, workspaceId } })) > 0;
}
