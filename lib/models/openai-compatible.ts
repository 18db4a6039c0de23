import "server-only";
import { createOpenAI } from "@ai-sdk/openai";
import type { ChatModel, ModelSettings } from "./types";

export interface OpenAICompatibleModelConfig {
  /** Shown in metadata and errors: "openai", "ollama". */
  provider: string;
  /** Base URL ending in `/v1` (or the server's equivalent). */
  baseURL: string;
  apiKey: string;
  modelName: string;
  settings?: ModelSettings;
  streaming?: boolean;
  timeoutMs?: number;
}

/**
 * A model call gives up after this long unless the node sets its own `timeout`: a provider that
 * accepts the connection and never answers must not hold a prediction (and its client) forever.
 * Generous, because a long streamed answer from a slow local model can legitimately take minutes.
 */
export const DEFAULT_MODEL_TIMEOUT_MS = 300_000;

/**
 * A chat model on any OpenAI-compatible server. `.chat()` selects `/chat/completions`: the provider's
 * default `openai(model)` calls `/responses`, which Ollama, LM Studio and vLLM do not serve.
 */
export function createOpenAICompatibleModel(config: OpenAICompatibleModelConfig): ChatModel {
  const provider = createOpenAI({ baseURL: config.baseURL, apiKey: config.apiKey, name: config.provider });
  return {
    provider: config.provider,
    modelName: config.modelName,
    settings: config.settings ?? {},
    streaming: config.streaming ?? true,
    timeoutMs: config.timeoutMs ?? DEFAULT_MODEL_TIMEOUT_MS,
    languageModel: provider.chat(config.modelName),
  };
}
