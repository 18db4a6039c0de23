import "server-only";
import { createOpenAI } from "@ai-sdk/openai";
import { AISDKError, APICallError, embedMany, RetryError, type EmbeddingModel } from "ai";
import { EmbeddingsProviderError } from "./errors";
import type { Embeddings } from "./types";

export interface OpenAICompatibleEmbeddingsConfig {
  /** Shown in errors: "openai", "ollama". */
  provider: string;
  /** Base URL ending in `/v1` (or the server's equivalent); `/embeddings` is appended. */
  baseURL: string;
  apiKey: string;
  modelName: string;
  dimensions?: number;
  /** Texts per HTTP request. Default 512 (OpenAI accepts up to 2048). */
  batchSize?: number;
  /** Requests in flight at once. Default 4. */
  concurrency?: number;
  /** Replace line breaks with spaces before embedding. */
  stripNewLines?: boolean;
  /** Per request; the call fails as a provider error when it is exceeded. */
  timeoutMs?: number;
}

const defaultBatchSize = 512;
const defaultConcurrency = 4;

/**
 * Embeddings from any server speaking OpenAI's `POST /embeddings`: OpenAI, Azure-style gateways,
 * Ollama (`/v1`), LM Studio, vLLM. Large inputs go out in batches, a few requests at a time.
 */
export function createOpenAICompatibleEmbeddings(config: OpenAICompatibleEmbeddingsConfig): Embeddings {
  const provider = createOpenAI({ baseURL: config.baseURL, apiKey: config.apiKey, name: config.provider });
  const model = provider.embedding(config.modelName);
  const batchSize = Math.max(1, Math.floor(config.batchSize ?? defaultBatchSize));
  const concurrency = Math.max(1, Math.floor(config.concurrency ?? defaultConcurrency));

  async function embedBatch(texts: string[], signal?: AbortSignal): Promise<number[][]> {
    const timeout = config.timeoutMs ? AbortSignal.timeout(config.timeoutMs) : undefined;
    const abortSignal = combineSignals(signal, timeout);
    try {
      const { embeddings } = await embedMany({
        model: model as EmbeddingModel,
        values: config.stripNewLines ? texts.map((text) => text.replace(/\n/g, " ")) : texts,
        // A failed call is reported at once: upserts are idempotent, so the caller may simply retry.
        maxRetries: 0,
        abortSignal,
        providerOptions: config.dimensions ? { openai: { dimensions: config.dimensions } } : undefined,
      });
      return embeddings;
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (timeout?.aborted) {
        throw new EmbeddingsProviderError(
          `Embeddings request timed out after ${config.timeoutMs} ms (${config.provider} ${config.modelName})`,
          undefined,
          { cause: error },
        );
      }
      throw toProviderError(error, config) ?? error;
    }
  }

  async function embedDocuments(
    texts: string[],
    options: { signal?: AbortSignal } = {},
  ): Promise<number[][]> {
    const batches: string[][] = [];
    for (let start = 0; start < texts.length; start += batchSize)
      batches.push(texts.slice(start, start + batchSize));
    const results = await mapWithConcurrency(batches, concurrency, (batch) =>
      embedBatch(batch, options.signal),
    );
    const vectors = results.flat();
    checkVectors(vectors, texts.length, config);
    return vectors;
  }

  return {
    provider: config.provider,
    modelName: config.modelName,
    dimensions: config.dimensions,
    embedDocuments,
    async embedQuery(text, options) {
      const [vector] = await embedDocuments([text], options);
      return vector;
    },
  };
}

/** Runs `work` on every item with at most `limit` in flight; the first failure stops new starts. */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  async function worker() {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await work(items[index], index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function checkVectors(vectors: number[][], expected: number, config: OpenAICompatibleEmbeddingsConfig) {
  const where = `${config.provider} ${config.modelName}`;
  if (vectors.length !== expected) {
    throw new EmbeddingsProviderError(
      `Embeddings provider returned ${vectors.length} vectors for ${expected} texts (${where})`,
    );
  }
  const length = vectors[0]?.length;
  const bad = vectors.find(
    (vector) =>
      !Array.isArray(vector) ||
      vector.length !== length ||
      vector.length === 0 ||
      !vector.every(Number.isFinite),
  );
  if (bad !== undefined)
    throw new EmbeddingsProviderError(`Embeddings provider returned malformed vectors (${where})`);
  if (config.dimensions && length !== config.dimensions) {
    throw new EmbeddingsProviderError(
      `Embeddings provider returned ${length} dimensions, not the ${config.dimensions} asked for (${where})`,
    );
  }
}

function combineSignals(...signals: (AbortSignal | undefined)[]): AbortSignal | undefined {
  const present = signals.filter((signal): signal is AbortSignal => signal !== undefined);
  if (present.length <= 1) return present[0];
  return AbortSignal.any(present);
}

function toProviderError(
  error: unknown,
  config: OpenAICompatibleEmbeddingsConfig,
): EmbeddingsProviderError | undefined {
  const cause = RetryError.isInstance(error) ? error.lastError : error;
  const where = `${config.provider} ${config.modelName}`;
  if (APICallError.isInstance(cause)) {
    const status = cause.statusCode;
    const detail = status ? `HTTP ${status}` : "request failed";
    return new EmbeddingsProviderError(
      `Embeddings provider error (${where}, ${detail}): ${redact(cause.message)}`,
      status,
      {
        cause,
      },
    );
  }
  if (AISDKError.isInstance(cause)) {
    return new EmbeddingsProviderError(
      `Embeddings provider error (${where}): ${redact(cause.message)}`,
      undefined,
      { cause },
    );
  }
  return undefined;
}

// Providers sometimes echo part of a key in their messages; the message reaches API clients.
function redact(message: string): string {
  return message.replace(/\b(sk|key|token)[-_][A-Za-z0-9_-]{6,}/gi, "$1-***").slice(0, 300);
}
