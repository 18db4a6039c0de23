import "server-only";
import {
  AISDKError,
  APICallError,
  generateText,
  jsonSchema,
  RetryError,
  stepCountIs,
  streamText,
  tool,
  type JSONSchema7,
  type LanguageModelUsage,
  type StopCondition,
  type ToolSet,
} from "ai";
import { ModelProviderError } from "./errors";
import type { ChatModel, ChatTurn, ModelTool, TokenUsage, UsedTool } from "./types";

export interface ModelCall {
  system?: string;
  messages: ChatTurn[];
  tools?: ModelTool[];
  /** Model calls allowed when tools are offered (each tool round is one). Default 1. */
  maxSteps?: number;
  signal: AbortSignal;
  /** Receives the answer as it is generated; a model that does not stream sends it once, whole. */
  onToken?: (token: string) => void;
}

export interface ModelCallResult {
  text: string;
  usage?: TokenUsage;
  usedTools: UsedTool[];
  /** "stop", "length", "tool-calls" (steps ran out while the model still wanted tools), … */
  finishReason: string;
}

/**
 * The one place a chat model is called. Streams from the provider when the model allows it and
 * someone takes the tokens (`onToken`); otherwise one complete answer is asked for, which costs the
 * server a fraction of a stream's parsing (the benchmark's non-streamed predictions). Provider
 * failures become ModelProviderError; an aborted `signal` cancels the HTTP request and rethrows
 * the abort reason.
 */
export async function callModel(model: ChatModel, call: ModelCall): Promise<ModelCallResult> {
  const timeout = model.timeoutMs ? AbortSignal.timeout(model.timeoutMs) : undefined;
  const abortSignal = timeout ? AbortSignal.any([call.signal, timeout]) : call.signal;
  const usedTools: UsedTool[] = [];
  const tools = call.tools?.length ? toToolSet(call.tools, usedTools, abortSignal) : undefined;
  const direct = new Set(call.tools?.filter((t) => t.returnDirect).map((t) => t.name));
  const stopWhen: StopCondition<ToolSet>[] = [stepCountIs(tools ? Math.max(1, call.maxSteps ?? 1) : 1)];
  if (direct.size > 0)
    stopWhen.push(({ steps }) => calledDirectTool(steps.at(-1)?.toolResults ?? [], direct));

  const options = {
    model: model.languageModel,
    system: call.system || undefined,
    messages: call.messages.map((turn) => ({ role: turn.role, content: turn.content })),
    tools,
    stopWhen,
    temperature: model.settings.temperature,
    maxOutputTokens: model.settings.maxTokens,
    topP: model.settings.topP,
    // A failed call is reported at once; the caller (or its user) decides whether to try again.
    maxRetries: 0,
    abortSignal,
  };

  let text = "";
  let finishReason = "unknown";
  let usage: LanguageModelUsage | undefined;
  let lastToolResults: ToolResultLike[] = [];
  try {
    if (model.streaming && call.onToken) {
      const result = streamText({ ...options, onError: () => {} });
      for await (const part of result.fullStream) {
        if (part.type === "text-delta") {
          text += part.text;
          if (part.text) call.onToken?.(part.text);
        } else if (part.type === "start-step") {
          lastToolResults = [];
        } else if (part.type === "tool-result") {
          lastToolResults.push(part);
        } else if (part.type === "error") {
          throw part.error;
        } else if (part.type === "finish") {
          finishReason = part.finishReason;
          usage = part.totalUsage;
        }
      }
      abortSignal.throwIfAborted();
    } else {
      const result = await generateText(options);
      text = result.steps.map((step) => step.text).join("");
      finishReason = result.finishReason;
      usage = result.totalUsage;
      lastToolResults = result.steps.at(-1)?.toolResults ?? [];
      if (text) call.onToken?.(text);
    }
  } catch (error) {
    if (call.signal.aborted) throw call.signal.reason;
    if (timeout?.aborted) {
      throw new ModelProviderError(
        `Model request timed out after ${model.timeoutMs} ms (${model.modelName})`,
        undefined,
        {
          cause: error,
        },
      );
    }
    throw toProviderError(error, model) ?? error;
  }

  const directResult = lastToolResults.find((result) => direct.has(result.toolName));
  if (directResult) {
    const output = String(directResult.output ?? "");
    text += output;
    call.onToken?.(output);
  } else if (!text && usedTools.length === 0 && finishReason === "other") {
    throw new ModelProviderError(`Model provider returned an unreadable answer (${model.modelName})`);
  }
  return { text, usage: toTokenUsage(usage), usedTools, finishReason };
}

type ToolResultLike = { toolName: string; output?: unknown };

function calledDirectTool(results: ToolResultLike[], direct: Set<string>) {
  return results.some((result) => direct.has(result.toolName));
}

function toToolSet(tools: ModelTool[], usedTools: UsedTool[], signal: AbortSignal): ToolSet {
  return Object.fromEntries(
    tools.map((modelTool) => [
      modelTool.name,
      tool({
        description: modelTool.description,
        inputSchema: jsonSchema<Record<string, unknown>>(modelTool.inputSchema as JSONSchema7),
        execute: async (input: Record<string, unknown>, { abortSignal }) => {
          const toolInput = input ?? {};
          const toolOutput = await modelTool.execute(toolInput, { signal: abortSignal ?? signal });
          usedTools.push({ tool: modelTool.name, toolInput, toolOutput });
          return toolOutput;
        },
      }),
    ]),
  );
}

function toTokenUsage(usage: LanguageModelUsage | undefined): TokenUsage | undefined {
  if (!usage || (usage.inputTokens === undefined && usage.outputTokens === undefined)) return undefined;
  const promptTokens = usage.inputTokens ?? 0;
  const completionTokens = usage.outputTokens ?? 0;
  return {
    promptTokens,
    completionTokens,
    totalTokens: usage.totalTokens ?? promptTokens + completionTokens,
  };
}

/** AI SDK failures (HTTP status, connection, malformed body) as a 502; anything else is our bug. */
function toProviderError(error: unknown, model: ChatModel): ModelProviderError | undefined {
  const cause = RetryError.isInstance(error) ? error.lastError : error;
  if (APICallError.isInstance(cause)) {
    const status = cause.statusCode;
    const where = status ? `HTTP ${status}` : "request failed";
    return new ModelProviderError(
      `Model provider error (${model.provider} ${model.modelName}, ${where}): ${redact(cause.message)}`,
      status,
      { cause },
    );
  }
  if (AISDKError.isInstance(cause)) {
    return new ModelProviderError(
      `Model provider error (${model.provider} ${model.modelName}): ${redact(cause.message)}`,
      undefined,
      {
        cause,
      },
    );
  }
  return undefined;
}

// Providers sometimes echo part of a key in their messages; the message reaches API clients.
function redact(message: string): string {
  return message.replace(/\b(sk|key|token)[-_][A-Za-z0-9_-]{6,}/gi, "$1-***").slice(0, 300);
}
