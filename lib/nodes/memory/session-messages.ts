import type { ChatTurn } from "@/lib/models";
import type { MemoryInstance, NodeContext } from "../types";

/**
 * The memory of a request: the conversation given with the request when there is one, else the
 * last `limit` stored messages of the session (the node's own sessionId input, else the request's).
 * The prediction layer stores each question and answer after the run; memory only reads them.
 */
export async function loadSessionMemory(
  context: NodeContext<{ sessionId?: string; memoryKey: string }>,
  limit: number,
): Promise<MemoryInstance> {
  const { request, services, inputs } = context;
  const sessionId = inputs.sessionId || request.sessionId;
  const messages: ChatTurn[] = request.history
    ? request.history.slice(-limit)
    : await services.loadChatMessages({
        workspaceId: request.workspaceId,
        chatflowId: request.chatflowId,
        sessionId,
        limit,
      });
  return { kind: "memory", memoryKey: inputs.memoryKey, sessionId, messages };
}
