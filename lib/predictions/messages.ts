import "server-only";
import { randomUUID } from "node:crypto";
import { getDb } from "@/lib/db";

// A session's conversation is its ChatMessage rows (chatflowId + sessionId, by time): memory nodes
// read them (lib/engine/services.ts), and each completed prediction adds the question and the answer.

export interface Exchange {
  workspaceId: string;
  chatflowId: string;
  chatId: string;
  sessionId: string;
  question: string;
  answer: string;
  sourceDocuments: unknown[];
  usedTools: unknown[];
  /** When the question arrived: the user row sorts before the answer. */
  askedAt: Date;
}

/**
 * Stores a completed exchange, question and answer together in one statement: a run that failed
 * or was abandoned stores nothing, so no session ends in a question without its answer (which the
 * next turn's memory would otherwise replay). Returns the answer's id (`chatMessageId`).
 */
export async function saveExchange(
  exchange: Exchange,
): Promise<{ chatMessageId: string; createdDate: Date }> {
  const db = await getDb();
  const chatMessageId = randomUUID();
  const answeredAt = new Date(Math.max(Date.now(), exchange.askedAt.getTime() + 1));
  const common = {
    workspaceId: exchange.workspaceId,
    chatflowId: exchange.chatflowId,
    chatId: exchange.chatId,
    sessionId: exchange.sessionId,
  };
  await db.chatMessage.createMany({
    data: [
      {
        ...common,
        id: randomUUID(),
        role: "user",
        content: exchange.question,
        createdDate: exchange.askedAt,
      },
      {
        ...common,
        id: chatMessageId,
        role: "assistant",
        content: exchange.answer,
        sourceDocuments:
          exchange.sourceDocuments.length > 0 ? JSON.stringify(exchange.sourceDocuments) : null,
        usedTools: exchange.usedTools.length > 0 ? JSON.stringify(exchange.usedTools) : null,
        createdDate: answeredAt,
      },
    ],
  });
  return { chatMessageId, createdDate: answeredAt };
}
