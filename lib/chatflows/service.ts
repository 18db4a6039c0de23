import "server-only";
import { badRequest, forbidden, notFound, unauthorized } from "@/lib/api/errors";
import type { Page } from "@/lib/api/pagination";
import { findApiKey, isWorkspaceApiKey } from "@/lib/apikeys/service";
import { canStreamFlow } from "@/lib/engine";
import { getDb, Prisma } from "@/lib/db";
import type { ChatFlow } from "@/lib/db/generated/prisma/client";
import { isUuid } from "@/lib/ids";
import { deleteChatflowVectors } from "@/lib/vector";
import type { ChatflowFilters } from "./query";
import { parseChatbotConfig, type CreateChatflowInput, type UpdateChatflowInput } from "./schema";
import { describeUploads } from "./uploads";

export type ChatflowRow = ChatFlow;

/** API.md's Chatflow: every column, dates as ISO 8601 with milliseconds. */
export function toChatflowJson(row: ChatflowRow) {
  return {
    id: row.id,
    name: row.name,
    flowData: row.flowData,
    deployed: row.deployed,
    isPublic: row.isPublic,
    apikeyid: row.apikeyid,
    type: row.type,
    category: row.category,
    chatbotConfig: row.chatbotConfig,
    apiConfig: row.apiConfig,
    allowedOrigins: row.allowedOrigins ?? [],
    isStreaming: row.isStreaming,
    workspaceId: row.workspaceId,
    createdDate: new Date(row.createdDate).toISOString(),
    updatedDate: new Date(row.updatedDate).toISOString(),
  };
}

export type ChatflowJson = ReturnType<typeof toChatflowJson>;

const chatflowNotFound = () => notFound("Chatflow");

// ---------------------------------------------------------------------------------------------
// Reads

/**
 * A page of the workspace's chatflows, newest change first. Raw SQL because the category filter
 * ("one of the `;`-separated categories is exactly X") has no Prisma equivalent; categories are
 * stored normalised (lib/chatflows/schema.ts `normalizeCategory`), so splitting on `;` is exact.
 */
export async function listChatflows(workspaceId: string, filters: ChatflowFilters, page: Page) {
  const conditions = [Prisma.sql`"workspaceId" = ${workspaceId}::uuid`];
  if (filters.type) conditions.push(Prisma.sql`"type" = ${filters.type}`);
  if (filters.category)
    conditions.push(Prisma.sql`${filters.category} = ANY (string_to_array("category", ';'))`);
  return listWhere(Prisma.join(conditions, " AND "), page);
}

/**
 * For `GET /chatflows/apikey/{apikey}`: the key's workspace's chatflows bound to that key, plus
 * (unless `keyOnly`) those bound to no key. An unknown key is a 401.
 */
export async function listChatflowsForApiKey(apiKey: string, keyOnly: boolean, page: Page) {
  const key = await findApiKey(apiKey);
  if (!key) throw unauthorized("Invalid API key");
  const bound = keyOnly
    ? Prisma.sql`"apikeyid" = ${key.id}::uuid`
    : Prisma.sql`("apikeyid" = ${key.id}::uuid OR "apikeyid" IS NULL)`;
  return listWhere(Prisma.sql`"workspaceId" = ${key.workspaceId}::uuid AND ${bound}`, page);
}

async function listWhere(where: Prisma.Sql, page: Page) {
  const db = await getDb();
  const [rows, counted] = await Promise.all([
    db.$queryRaw<ChatflowRow[]>`
      SELECT * FROM "ChatFlow" WHERE ${where}
      ORDER BY "updatedDate" DESC, "id" DESC
      LIMIT ${page.take} OFFSET ${page.skip}`,
    db.$queryRaw<Array<{ total: number }>>`SELECT count(*)::int AS total FROM "ChatFlow" WHERE ${where}`,
  ]);
  return { items: rows.map(toChatflowJson), total: Number(counted[0]?.total ?? 0) };
}

export async function getChatflow(workspaceId: string, id: string): Promise<ChatflowJson> {
  return toChatflowJson(await findChatflowRow(workspaceId, id));
}

/** The workspace's chatflow row (for services that need flowData and settings); else 404. */
export async function findChatflowRow(workspaceId: string, id: string): Promise<ChatflowRow> {
  const db = await getDb();
  const row = isUuid(id) ? await db.chatFlow.findFirst({ where: { id, workspaceId } }) : null;
  if (!row) throw chatflowNotFound();
  return row;
}

/** `hasChanged` is true when the stored updatedDate is a different instant from `since`. */
export async function hasChatflowChanged(workspaceId: string, id: string, since: Date) {
  const db = await getDb();
  const row = isUuid(id)
    ? await db.chatFlow.findFirst({ where: { id, workspaceId }, select: { updatedDate: true } })
    : null;
  if (!row) throw chatflowNotFound();
  return { hasChanged: row.updatedDate.getTime() !== since.getTime() };
}

/** Public (no auth): whether predictions of this chatflow stream. */
export async function getChatflowStreaming(id: string) {
  const db = await getDb();
  const row = isUuid(id)
    ? await db.chatFlow.findUnique({
        where: { id },
        select: { id: true, flowData: true, isStreaming: true, updatedDate: true },
      })
    : null;
  if (!row) throw chatflowNotFound();
  // The same rule predictions use: the chatflow's switch and a flow whose ending node streams.
  return { isStreaming: row.isStreaming && canStreamFlow(row) };
}

/**
 * Public (no auth): the chatbot's UI settings plus what users may upload, for public chatflows only.
 * Built from chatbotConfig and derived flags alone: flowData, keys and credentials never leave.
 */
export async function getPublicChatbotConfig(id: string) {
  const db = await getDb();
  const row = isUuid(id)
    ? await db.chatFlow.findFirst({
        where: { id, isPublic: true },
        select: { chatbotConfig: true, flowData: true },
      })
    : null;
  if (!row) throw chatflowNotFound();
  return { ...parseChatbotConfig(row.chatbotConfig), uploads: describeUploads(row.flowData) };
}

// ---------------------------------------------------------------------------------------------
// Writes

const apikeyidMessage = "apikeyid must be an API key of this workspace";
const foreignApiKey = () =>
  badRequest(`Invalid request body: apikeyid: ${apikeyidMessage}`, [
    { path: "apikeyid", message: apikeyidMessage },
  ]);

async function assertWorkspaceApiKey(workspaceId: string, apikeyid: string | null | undefined) {
  if (apikeyid && !(await isWorkspaceApiKey(workspaceId, apikeyid))) throw foreignApiKey();
}

/**
 * Creates a chatflow within the workspace's plan limit (`maxChatflows`, null = unlimited). The
 * workspace row is locked for the count and insert, so concurrent creates cannot overshoot it.
 */
export async function createChatflow(workspaceId: string, input: CreateChatflowInput): Promise<ChatflowJson> {
  await assertWorkspaceApiKey(workspaceId, input.apikeyid);
  const db = await getDb();
  const row = await withApiKeyGuard(
    db.$transaction(async (tx) => {
      const [workspace] = await tx.$queryRaw<Array<{ maxChatflows: number | null }>>`
        SELECT "maxChatflows" FROM "Workspace" WHERE "id" = ${workspaceId}::uuid FOR UPDATE`;
      if (!workspace) throw notFound("Workspace");
      const limit = workspace.maxChatflows;
      if (limit !== null && (await tx.chatFlow.count({ where: { workspaceId } })) >= limit) {
        throw forbidden(
          `Chatflow limit reached: your plan allows ${limit} chatflow${limit === 1 ? "" : "s"}`,
        );
      }
      return tx.chatFlow.create({ data: { ...input, workspaceId } });
    }),
  );
  return toChatflowJson(row);
}

/**
 * Changes only the fields given. `updatedDate` moves forward on every update, even an empty one,
 * and strictly increases (two updates in the same millisecond still differ), because caches of
 * compiled flows and `has-changed` clients key on it.
 */
export async function updateChatflow(
  workspaceId: string,
  id: string,
  changes: UpdateChatflowInput,
): Promise<ChatflowJson> {
  if (!isUuid(id)) throw chatflowNotFound();
  await assertWorkspaceApiKey(workspaceId, changes.apikeyid);
  const db = await getDb();
  const row = await withApiKeyGuard(
    db.$transaction(async (tx) => {
      const [current] = await tx.$queryRaw<Array<{ updatedDate: Date }>>`
        SELECT "updatedDate" FROM "ChatFlow"
        WHERE "id" = ${id}::uuid AND "workspaceId" = ${workspaceId}::uuid FOR UPDATE`;
      if (!current) throw chatflowNotFound();
      const updatedDate = new Date(Math.max(Date.now(), new Date(current.updatedDate).getTime() + 1));
      return tx.chatFlow.update({ where: { id, workspaceId }, data: { ...changes, updatedDate } });
    }),
  );
  return toChatflowJson(row);
}

/** Deletes the chatflow; its messages and upsert records go with it (ON DELETE CASCADE). */
export async function deleteChatflow(workspaceId: string, id: string) {
  if (!isUuid(id)) throw chatflowNotFound();
  await deleteChatflowVectors(workspaceId, id);
  const db = await getDb();
  const { count } = await db.chatFlow.deleteMany({ where: { id, workspaceId } });
  if (count === 0) throw chatflowNotFound();
  return { message: "Chatflow deleted" };
}

// A key deleted between the check and the write fails the foreign key: still the caller's 400.
async function withApiKeyGuard<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2003")
      throw foreignApiKey();
    throw error;
  }
}
