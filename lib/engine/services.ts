import "server-only";
import { decryptJson } from "@/lib/credentials/crypto";
import { getDb } from "@/lib/db";
import { isUuid } from "@/lib/ids";
import type { ChatTurn } from "@/lib/models";
import type { CredentialData, NodeServices } from "@/lib/nodes/types";
import { getSecrets } from "@/lib/secrets";

/** What nodes read from the database during a run. Every query is scoped to the workspace. */
export const databaseServices: NodeServices = {
  async loadCredential(workspaceId, id) {
    if (!isUuid(id)) return null;
    const db = await getDb();
    const row = await db.credential.findFirst({
      where: { id, workspaceId },
      select: { credentialName: true, encryptedData: true },
    });
    if (!row) return null;
    return {
      credentialName: row.credentialName,
      data: decryptJson<CredentialData>(row.encryptedData, getSecrets().encryptionKey),
    };
  },

  // Newest first through the (chatflowId, sessionId, createdDate) index, then put back in order.
  // A question and its answer stored in the same millisecond still come out question first.
  async loadChatMessages({ workspaceId, chatflowId, sessionId, limit }) {
    if (!isUuid(chatflowId)) return [];
    const db = await getDb();
    const rows = await db.chatMessage.findMany({
      where: { chatflowId, sessionId, workspaceId },
      orderBy: [{ createdDate: "desc" }, { role: "asc" }],
      take: limit,
      select: { role: true, content: true },
    });
    return rows.reverse().map((row): ChatTurn => ({
      role: row.role === "user" || row.role === "userMessage" ? "user" : "assistant",
      content: row.content,
    }));
  },

  async loadTool(workspaceId, id) {
    if (!isUuid(id)) return null;
    const db = await getDb();
    return db.tool.findFirst({
      where: { id, workspaceId },
      select: { id: true, name: true, description: true, schema: true, func: true },
    });
  },
};
