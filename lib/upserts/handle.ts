import "server-only";
import type { NextRequest } from "next/server";
import { authorizePrediction } from "@/lib/predictions/access";
import { readPredictionApiConfig } from "@/lib/predictions/api-config";
import type { PredictionChatflow } from "@/lib/predictions/chatflow";
import { resolveOverrides } from "@/lib/predictions/overrides";
import { enforceRateLimit, rateLimitKey } from "@/lib/predictions/rate-limit";
import { upsertIntoChatflow } from "./ingest";
import { readUpsertRequest } from "./request";
import { toUpsertJson } from "./response";

type UpsertChatflow = Pick<
  PredictionChatflow,
  "id" | "workspaceId" | "flowData" | "updatedDate" | "apiConfig"
>;

/**
 * `POST /vector/upsert/{id}` after the chatflow is loaded and its origin accepted: the prediction
 * access rule (401), the chatflow's rate limit (429, counted with its predictions), then the upsert.
 */
export async function handlePublicUpsert(
  request: NextRequest,
  chatflow: PredictionChatflow,
): Promise<Response> {
  const caller = await authorizePrediction(request, chatflow);
  const config = readPredictionApiConfig(chatflow.apiConfig);
  await enforceRateLimit(config.rateLimit, rateLimitKey(chatflow.id, caller, request));
  return runUpsert(request, chatflow, config.isOverrideAllowed);
}

/** `POST /vector/internal-upsert/{id}`: the caller is a member of the chatflow's workspace. */
export async function handleInternalUpsert(
  request: NextRequest,
  chatflow: UpsertChatflow,
): Promise<Response> {
  return runUpsert(request, chatflow, readPredictionApiConfig(chatflow.apiConfig).isOverrideAllowed);
}

async function runUpsert(
  request: NextRequest,
  chatflow: UpsertChatflow,
  isOverrideAllowed: boolean,
): Promise<Response> {
  const body = await readUpsertRequest(request);
  const overrides = resolveOverrides(body.overrideConfig, isOverrideAllowed);
  // The upsert completes even if the client goes away: it is idempotent, and half of one helps nobody.
  const outcome = await upsertIntoChatflow(
    chatflow,
    { ...body, overrideConfig: overrides.nodeOverrides },
    new AbortController().signal,
  );
  const headers: Record<string, string> = overrides.isIgnored ? { "X-Override-Config": "ignored" } : {};
  return Response.json(toUpsertJson(outcome), { headers });
}
