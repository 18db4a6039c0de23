import "server-only";
import { notFound } from "@/lib/api/errors";
import { getDb } from "@/lib/db";
import { isUuid } from "@/lib/ids";

/** The columns a prediction needs, read fresh on every request (a changed limit applies at once). */
export interface PredictionChatflow {
  id: string;
  workspaceId: string;
  flowData: string;
  updatedDate: Date;
  apikeyid: string | null;
  isPublic: boolean;
  apiConfig: string | null;
  allowedOrigins: string[];
  isStreaming: boolean;
}

/** Any workspace's chatflow by id (the access rule decides who may call it); else 404. */
export async function findPredictionChatflow(id: string): Promise<PredictionChatflow> {
  if (!isUuid(id)) throw notFound("Chatflow");
  const db = await getDb();
  const row = await db.chatFlow.findUnique({
    where: { id },
    select: {
      id: true,
      workspaceId: true,
      flowData: true,
      updatedDate: true,
      apikeyid: true,
      isPublic: true,
      apiConfig: true,
      allowedOrigins: true,
      isStreaming: true,
    },
  });
  if (!row) throw notFound("Chatflow");
  return row;
}
