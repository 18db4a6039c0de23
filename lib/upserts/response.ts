import "server-only";
import { toErrorResponse } from "@/lib/api/route";
import { log } from "@/lib/log";
import { EmbeddingsProviderError } from "@/lib/models/embeddings";
import { VectorStoreError, type UpsertOutcome } from "@/lib/vector";

// API.md "Vector upsert": every answer carries `status`. Errors keep the usual JSON error body and
// add `"status": "error"`; an embeddings or vector store failure is a 500 (not the 502 predictions
// give), with the provider's message, because the upsert did not happen.

export function toUpsertJson(outcome: UpsertOutcome) {
  const numAdded = outcome.added.length;
  return {
    status: "success" as const,
    message: `Added ${numAdded} chunk${numAdded === 1 ? "" : "s"}`,
    numAdded,
    numUpdated: 0,
    numSkipped: outcome.numSkipped,
    numDeleted: 0,
    addedDocs: outcome.added,
  };
}

/** Runs `produce`; any failure becomes the upsert's error response. Never throws. */
export async function answerUpsert(requestId: string, produce: () => Promise<Response>): Promise<Response> {
  try {
    return await produce();
  } catch (error) {
    return toUpsertErrorResponse(error, requestId);
  }
}

export async function toUpsertErrorResponse(error: unknown, requestId: string): Promise<Response> {
  if (error instanceof EmbeddingsProviderError || error instanceof VectorStoreError) {
    log.error("upsert failed", { requestId, error, cause: error.cause });
    return Response.json(
      { statusCode: 500, success: false, message: error.message, requestId, status: "error" },
      { status: 500 },
    );
  }
  const response = toErrorResponse(error, requestId);
  const body = (await response.json()) as Record<string, unknown>;
  return Response.json({ ...body, status: "error" }, { status: response.status, headers: response.headers });
}
