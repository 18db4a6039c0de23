import "server-only";
import { forbidden, notFound } from "@/lib/api/errors";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db";
import { deleteChatflowVectors } from "@/lib/vector";

/**
 * Deletes the workspace and everything in it. Vectors first, chatflow by chatflow (Chroma down →
 * 502 and nothing is deleted, so no vectors are orphaned); then the workspace row, whose chatflows,
 * tools, credentials, API keys, messages, runs, upsert records and memberships go with it (ON
 * DELETE CASCADE). Users stay: whoever has no other workspace can no longer log in.
 */
export async function deleteWorkspace(actor: Actor) {
  if (actor.role !== "owner") throw forbidden("Only the workspace owner can delete the workspace");
  const { workspaceId } = actor;
  const db = await getDb();
  const chatflows = await db.chatFlow.findMany({ where: { workspaceId }, select: { id: true } });
  for (const { id } of chatflows) await deleteChatflowVectors(workspaceId, id);
  const { count } = await db.workspace.deleteMany({ where: { id: workspaceId } });
  if (count === 0) throw notFound("Workspace");
  return { message: "Workspace deleted" };
}
