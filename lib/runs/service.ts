import "server-only";
import { notFound } from "@/lib/api/errors";
import type { Page } from "@/lib/api/pagination";
import { getDb } from "@/lib/db";
import type { PredictionRun } from "@/lib/db/generated/prisma/client";
import { isUuid } from "@/lib/ids";
import { log } from "@/lib/log";
import type { RunStatus, TokenCounts } from "./schema";

// Run records: one row per prediction (success, provider error, abort) with its duration, model and
// token usage. Never the question or the answer: those are the session's ChatMessage rows.

export interface NewPredictionRun extends TokenCounts {
  workspaceId: string;
  chatflowId: string;
  chatId: string;
  sessionId: string;
  status: RunStatus;
  durationMs: number;
  model: string | null;
  errorMessage: string | null;
  streaming: boolean;
}

/**
 * Stores a run record. Never rejects: a lost record is logged, not a failed prediction (the caller
 * does not wait for it, so it adds no latency to the answer).
 */
export async function recordPredictionRun(run: NewPredictionRun): Promise<void> {
  try {
    const db = await getDb();
    await db.predictionRun.create({ data: run });
  } catch (error) {
    log.error("prediction run not recorded", {
      chatflowId: run.chatflowId,
      status: run.status,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

export function toRunJson(row: PredictionRun) {
  return {
    id: row.id,
    chatflowId: row.chatflowId,
    chatId: row.chatId,
    sessionId: row.sessionId,
    status: row.status as RunStatus,
    durationMs: row.durationMs,
    model: row.model,
    promptTokens: row.promptTokens,
    completionTokens: row.completionTokens,
    totalTokens: row.totalTokens,
    errorMessage: row.errorMessage,
    streaming: row.streaming,
    workspaceId: row.workspaceId,
    createdDate: row.createdDate.toISOString(),
  };
}

export type RunJson = ReturnType<typeof toRunJson>;

/** A page of a chatflow's runs, newest first; 404 when the chatflow is not the workspace's. */
export async function listPredictionRuns(
  workspaceId: string,
  chatflowId: string,
  filters: { status?: RunStatus },
  page: Page,
): Promise<{ items: RunJson[]; total: number }> {
  const db = await getDb();
  const chatflow = isUuid(chatflowId)
    ? await db.chatFlow.findFirst({ where: { id: chatflowId, workspaceId }, select: { id: true } })
    : null;
  if (!chatflow) throw notFound("Chatflow");
  const where = { chatflowId, workspaceId, ...(filters.status ? { status: filters.status } : {}) };
  const [rows, total] = await Promise.all([
    // id breaks ties so that pages never overlap or skip runs of the same millisecond.
    db.predictionRun.findMany({ where, orderBy: [{ createdDate: "desc" }, { id: "desc" }], ...page }),
    db.predictionRun.count({ where }),
  ]);
  return { items: rows.map(toRunJson), total };
}
