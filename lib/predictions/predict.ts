import "server-only";
import type { NextRequest } from "next/server";
import { ApiError, badRequest } from "@/lib/api/errors";
import { createSseResponse } from "@/lib/api/sse";
import { env } from "@/lib/env";
import { canLogContent, log } from "@/lib/log";
import { readTokenCounts, type RunStatus } from "@/lib/runs/schema";
import type { NewPredictionRun } from "@/lib/runs/service";
import { WebhookTargetRefused } from "@/lib/webhooks/address";
import { checkWebhookTarget } from "@/lib/webhooks/deliver";
import { sendPredictionWebhook, type PredictionCompletedEvent } from "@/lib/webhooks/prediction";
import type { SourceFile } from "@/lib/documents";
import { authorizePrediction } from "./access";
import { readPredictionApiConfig } from "./api-config";
import type { PredictionChatflow } from "./chatflow";
import { toSourceFiles } from "./files";
import { saveExchange } from "./messages";
import { resolveOverrides, type PredictionOverrides } from "./overrides";
import { enforceRateLimit, rateLimitKey } from "./rate-limit";
import {
  readPredictionRequest,
  type HistoryMessage,
  type PredictionFile,
  type PredictionUpload,
} from "./request";

// POST /api/v1/prediction/{id} after the chatflow is loaded and its origin accepted: access, rate
// limit, body, flow check, then the run, answered as JSON or as SSE. Everything that can fail as a
// JSON error happens before the first SSE byte; after it, failures are `error` events.

export interface FlowRunInput {
  chatflow: PredictionChatflow;
  question: string;
  chatId: string;
  sessionId: string;
  history?: HistoryMessage[];
  /** Node inputs by name (maxTokens already capped). */
  overrideConfig: Record<string, unknown>;
  uploads: PredictionUpload[];
  files: PredictionFile[];
  signal: AbortSignal;
  /** Present when the answer is streamed: called with each token as the model produces it. */
  onToken?: (token: string) => void;
}

export interface FlowRunResult {
  text: string;
  sourceDocuments: unknown[];
  usedTools: unknown[];
  /** The engine's run metadata; the answer carries it as `metadata`. */
  metadata: { model?: string; temperature?: number; durationMs?: number; usage?: unknown };
}

/** The engine, as predictions use it. */
export interface FlowRunner {
  /** Checks that the flow can run (400 naming the node otherwise) and whether it can stream. */
  prepare(chatflow: PredictionChatflow): Promise<{ canStream: boolean }>;
  run(input: FlowRunInput): Promise<FlowRunResult>;
  /**
   * Stores a prediction's files through the flow's loaders into its vector stores, tagged with
   * the chat (RAG file upload). 400 when no loader reads a file's type, 415 for unsupported types.
   */
  ingestFiles(input: IngestFilesInput): Promise<void>;
}

export interface IngestFilesInput {
  chatflow: PredictionChatflow;
  chatId: string;
  files: SourceFile[];
  overrideConfig: Record<string, unknown>;
  signal: AbortSignal;
}

export interface PredictionDeps {
  runner: FlowRunner;
  /** Runs work after the response is sent (Next's `after`): webhooks. */
  defer(task: () => Promise<void>): void;
  /** Stores a run record without delaying the answer (it must not throw or be awaited). */
  recordRun(run: NewPredictionRun): void;
  /** The request's id, for log lines. */
  requestId?: string;
}

interface Completed {
  result: FlowRunResult;
  chatMessageId: string;
  createdDate: Date;
  durationMs: number;
}

export async function handlePrediction(
  request: NextRequest,
  chatflow: PredictionChatflow,
  deps: PredictionDeps,
): Promise<Response> {
  const caller = await authorizePrediction(request, chatflow);
  const config = readPredictionApiConfig(chatflow.apiConfig);
  await enforceRateLimit(config.rateLimit, rateLimitKey(chatflow.id, caller, request));
  const body = await readPredictionRequest(request);
  const overrides = resolveOverrides(body.overrideConfig, config.isOverrideAllowed);
  if (overrides.webhook) await refuseBadWebhook(overrides.webhook.url);
  const { canStream } = await deps.runner.prepare(chatflow);
  const files = toSourceFiles(body.files, body.uploads);
  // Before the answer (and its first SSE byte): the question may be about the files.
  if (files.length > 0) {
    await deps.runner.ingestFiles({
      chatflow,
      chatId: body.chatId,
      files,
      overrideConfig: overrides.nodeOverrides,
      signal: request.signal,
    });
  }

  const askedAt = new Date();
  const sessionId = overrides.sessionId ?? body.chatId;
  const headers: Record<string, string> = overrides.isIgnored ? { "X-Override-Config": "ignored" } : {};
  const input = {
    chatflow,
    question: body.question,
    chatId: body.chatId,
    sessionId,
    history: body.history,
    overrideConfig: overrides.nodeOverrides,
    uploads: body.uploads,
    files: body.files,
  };
  const identity = { chatId: body.chatId, question: body.question, sessionId };

  // Settles with the completed run (or null) so that the webhook, sent after the response, knows.
  let settle!: (completed: Completed | null) => void;
  const completion = new Promise<Completed | null>((resolve) => (settle = resolve));
  scheduleWebhook(deps, overrides, chatflow, identity, completion);

  const streaming = Boolean(body.streaming && canStream && chatflow.isStreaming);
  const runIdentity = {
    workspaceId: chatflow.workspaceId,
    chatflowId: chatflow.id,
    chatId: body.chatId,
    sessionId,
    streaming,
  };

  function recordRun(
    status: RunStatus,
    started: number,
    details: { result?: FlowRunResult; error?: unknown },
  ) {
    const metadata = details.result?.metadata;
    try {
      deps.recordRun({
        ...runIdentity,
        status,
        durationMs: Math.round(performance.now() - started),
        model: typeof metadata?.model === "string" ? metadata.model : null,
        ...readTokenCounts(metadata?.usage),
        // What the client was told: an ApiError's message, else the generic one (details stay in the log).
        errorMessage:
          status !== "error"
            ? null
            : details.error instanceof ApiError
              ? details.error.message
              : "Internal error",
      });
    } catch (error) {
      log.error("prediction run not recorded", { chatflowId: chatflow.id, error });
    }
  }

  async function runAndStore(
    signal: AbortSignal,
    onToken?: (token: string) => void,
  ): Promise<Completed | null> {
    const started = performance.now();
    let result: FlowRunResult;
    try {
      result = await deps.runner.run({ ...input, signal, onToken });
    } catch (error) {
      recordRun(signal.aborted ? "aborted" : "error", started, { error });
      throw error;
    }
    if (signal.aborted) {
      recordRun("aborted", started, { result });
      return null; // the client left: the answer is not stored
    }
    const durationMs = Math.round(performance.now() - started);
    let stored: Awaited<ReturnType<typeof saveExchange>>;
    try {
      stored = await saveExchange({
        workspaceId: chatflow.workspaceId,
        chatflowId: chatflow.id,
        chatId: body.chatId,
        sessionId,
        question: body.question,
        answer: result.text,
        sourceDocuments: result.sourceDocuments,
        usedTools: result.usedTools,
        askedAt,
      });
    } catch (error) {
      recordRun("error", started, { result, error });
      throw error;
    }
    recordRun("success", started, { result });
    if (canLogContent) {
      log.info("prediction content", {
        requestId: deps.requestId,
        chatflowId: chatflow.id,
        chatId: body.chatId,
        question: body.question,
        answer: result.text,
      });
    }
    return { result, ...stored, durationMs };
  }

  if (!streaming) {
    let completed: Completed | null;
    try {
      completed = await runAndStore(request.signal);
    } catch (error) {
      settle(null);
      if (request.signal.aborted) return clientGone();
      throw error;
    }
    settle(completed);
    if (!completed) return clientGone();
    return Response.json(toPredictionJson(identity, completed), { headers });
  }

  return createSseResponse(
    async (writer) => {
      try {
        writer.start();
        const completed = await runAndStore(writer.signal, (token) => writer.token(token));
        settle(completed);
        if (!completed) return;
        writer.metadata(toMetadataEvent(identity, completed));
        writer.end();
      } catch (error) {
        settle(null);
        if (writer.signal.aborted) return; // a run cut short by the disconnect is not a failure
        throw error;
      }
    },
    { requestSignal: request.signal },
    headers,
  );
}

// Nobody reads this answer; 499 ("client closed request") keeps the access log honest.
const clientGone = () => new Response(null, { status: 499 });

type Identity = { chatId: string; question: string; sessionId: string };

/** The JSON answer, fields in API.md's order. */
function toPredictionJson(identity: Identity, completed: Completed) {
  const { result, chatMessageId } = completed;
  return {
    text: result.text,
    question: identity.question,
    chatId: identity.chatId,
    chatMessageId,
    sessionId: identity.sessionId,
    sourceDocuments: result.sourceDocuments,
    usedTools: result.usedTools,
    followUpPrompts: [] as string[],
    metadata: toRunMetadata(completed),
  };
}

/**
 * The metadata event's fields (Flowise's order): the answer's fields but the text, which the
 * tokens carried; `followUpPrompts` only when there are some (Flowise's widget cannot read []).
 */
function toMetadataEvent(identity: Identity, completed: Completed) {
  const {
    followUpPrompts,
    chatId,
    chatMessageId,
    question,
    sessionId,
    sourceDocuments,
    usedTools,
    metadata,
  } = toPredictionJson(identity, completed);
  return {
    chatId,
    chatMessageId,
    question,
    sessionId,
    sourceDocuments,
    usedTools,
    ...(followUpPrompts.length > 0 ? { followUpPrompts } : {}),
    metadata,
  };
}

function toRunMetadata({ result, durationMs: measured }: Completed) {
  const { model, temperature, durationMs, usage, ...rest } = result.metadata;
  return { model, temperature, durationMs: durationMs ?? measured, usage, ...rest };
}

async function refuseBadWebhook(url: string) {
  try {
    await checkWebhookTarget(url, env.ALLOW_PRIVATE_WEBHOOKS);
  } catch (error) {
    if (!(error instanceof WebhookTargetRefused)) throw error;
    const message = `not allowed: ${error.message}`;
    throw badRequest(`Invalid request body: overrideConfig.webhookUrl: ${message}`, [
      { path: "overrideConfig.webhookUrl", message },
    ]);
  }
}

function scheduleWebhook(
  deps: PredictionDeps,
  overrides: PredictionOverrides,
  chatflow: PredictionChatflow,
  identity: Identity,
  completion: Promise<Completed | null>,
) {
  const webhook = overrides.webhook;
  if (!webhook) return;
  deps.defer(async () => {
    const completed = await completion;
    if (!completed) return;
    const event: PredictionCompletedEvent = {
      event: "prediction.completed",
      chatflowId: chatflow.id,
      chatId: identity.chatId,
      sessionId: identity.sessionId,
      chatMessageId: completed.chatMessageId,
      question: identity.question,
      text: completed.result.text,
      usedTools: completed.result.usedTools,
      sourceDocuments: completed.result.sourceDocuments,
      createdDate: completed.createdDate.toISOString(),
    };
    await sendPredictionWebhook(webhook, event);
  });
}
