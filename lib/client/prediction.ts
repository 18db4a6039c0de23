import { ApiRequestError, readErrorMessage } from "./api";
import { readSseEvents } from "./sse";
import type { PredictionResult } from "./types";

export interface PredictionRequest {
  question: string;
  chatId?: string;
  streaming?: boolean;
}

export interface PredictionHandlers {
  /** Called for every streamed token, as it arrives. */
  onToken?: (token: string) => void;
}

/** The payload of an SSE frame: Flowise-style JSON `{event, data, ...}` or, failing that, raw text. */
function parseFrame(data: string): Record<string, unknown> {
  try {
    const parsed = JSON.parse(data);
    return parsed && typeof parsed === "object" ? parsed : { data: parsed };
  } catch {
    return { data };
  }
}

/**
 * Runs a prediction (API.md "Prediction"). With streaming, tokens reach `onToken` as they arrive and
 * the metadata event completes the result; without it (or when the flow cannot stream), the JSON
 * answer is the result. A failure before or during the stream throws with the server's message.
 */
export async function runPrediction(
  chatflowId: string,
  request: PredictionRequest,
  handlers: PredictionHandlers = {},
  signal?: AbortSignal,
): Promise<PredictionResult> {
  const response = await fetch(`/api/v1/prediction/${encodeURIComponent(chatflowId)}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "text/event-stream, application/json" },
    body: JSON.stringify({ streaming: true, ...request }),
    credentials: "same-origin",
    signal,
  });
  const contentType = response.headers.get("content-type") ?? "";
  if (!response.ok || !contentType.includes("text/event-stream") || !response.body) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // a non-JSON body is reported as is below
    }
    if (!response.ok) throw new ApiRequestError(response.status, readErrorMessage(body, response.status));
    return (typeof body === "object" && body ? body : { text }) as PredictionResult;
  }

  let text = "";
  let result: PredictionResult = {};
  for await (const frame of readSseEvents(response.body)) {
    const payload = parseFrame(frame.data);
    const kind = typeof payload.event === "string" ? payload.event : frame.event;
    if (kind === "start") continue;
    if (kind === "token") {
      const token = String(payload.token ?? payload.data ?? "");
      if (!token) continue;
      text += token;
      handlers.onToken?.(token);
    } else if (kind === "metadata") {
      const { event: _event, data, ...rest } = payload;
      void _event;
      result = { ...result, ...(data && typeof data === "object" ? data : {}), ...rest };
    } else if (kind === "sourceDocuments" || kind === "usedTools") {
      result = { ...result, [kind]: payload.data };
    } else if (kind === "error") {
      const message = String(payload.message ?? payload.data ?? "The flow failed");
      throw new ApiRequestError(response.status, message);
    } else if (kind === "end") {
      break;
    }
  }
  return { ...result, text: result.text || text };
}
