import "server-only";
import { z } from "zod";
import { notFound } from "@/lib/api/errors";
import { getDb, orNotFound } from "@/lib/db";
import { isUuid } from "@/lib/ids";
import { getSecrets } from "@/lib/secrets";
import { decryptJson, encryptJson } from "./crypto";

export const credentialData = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));
export type CredentialData = z.infer<typeof credentialData>;

export const credentialFields = z.object({
  name: z.string().trim().min(1, "name is required").max(100),
  credentialName: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_-]{0,99}$/, "credentialName must be an identifier such as openAIApi"),
  plainDataObj: credentialData,
});

type CredentialRow = {
  id: string;
  name: string;
  credentialName: string;
  createdDate: Date;
  updatedDate: Date;
};

/** Never includes the secret data, encrypted or not. */
export function toCredentialJson(row: CredentialRow) {
  return {
    id: row.id,
    name: row.name,
    credentialName: row.credentialName,
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
  };
}

const publicColumns = { id: true, name: true, credentialName: true, createdDate: true, updatedDate: true };

export async function listCredentials(
  workspaceId: string,
  page: { skip: number; take: number },
  credentialName?: string,
) {
  const db = await getDb();
  const where = { workspaceId, ...(credentialName ? { credentialName } : {}) };
  const [rows, total] = await Promise.all([
    db.credential.findMany({ where, select: publicColumns, orderBy: { updatedDate: "desc" }, ...page }),
    db.credential.count({ where }),
  ]);
  return { items: rows.map(toCredentialJson), total };
}

export async function getCredential(workspaceId: string, id: string) {
  const db = await getDb();
  const row = isUuid(id)
    ? await db.credential.findFirst({ where: { id, workspaceId }, select: publicColumns })
    : null;
  if (!row) throw notFound("Credential");
  return toCredentialJson(row);
}

export async function createCredential(workspaceId: string, input: z.infer<typeof credentialFields>) {
  const db = await getDb();
  const row = await db.credential.create({
    data: {
      workspaceId,
      name: input.name,
      credentialName: input.credentialName,
      encryptedData: encryptJson(input.plainDataObj, getSecrets().encryptionKey),
    },
    select: publicColumns,
  });
  return toCredentialJson(row);
}

export async function updateCredential(
  workspaceId: string,
  id: string,
  changes: Partial<z.infer<typeof credentialFields>>,
) {
  const db = await getDb();
  if (!isUuid(id)) throw notFound("Credential");
  const { plainDataObj, ...rest } = changes;
  const row = await orNotFound(
    db.credential.update({
      where: { id, workspaceId },
      data: {
        ...rest,
        ...(plainDataObj ? { encryptedData: encryptJson(plainDataObj, getSecrets().encryptionKey) } : {}),
      },
      select: publicColumns,
    }),
    () => notFound("Credential"),
  );
  return toCredentialJson(row);
}

export async function deleteCredential(workspaceId: string, id: string) {
  const db = await getDb();
  if (!isUuid(id)) throw notFound("Credential");
  const { count } = await db.credential.deleteMany({ where: { id, workspaceId } });
  if (count === 0) throw notFound("Credential");
}

/** Decrypted secrets for the engine; never leaves the server. */
export async function readCredentialData(workspaceId: string, id: string): Promise<CredentialData> {
  const db = await getDb();
  const row = isUuid(id)
    ? await db.credential.findFirst({ where: { id, workspaceId }, select: { encryptedData: true } })
    : null;
  if (!row) throw notFound("Credential");
  return decryptJson<CredentialData>(row.encryptedData, getSecrets().encryptionKey);
}
