import { ApiError } from "@/lib/api/errors";

/**
 * The embeddings provider failed (HTTP error, unreachable, malformed or mismatched answer). A 502
 * for predictions, like a chat model's failure; the upsert layer reports it as its own 500. The
 * provider's detail stays in `cause` for the log.
 */
export class EmbeddingsProviderError extends ApiError {
  constructor(
    message: string,
    readonly providerStatus?: number,
    options?: { cause?: unknown },
  ) {
    super(502, message);
    this.name = "EmbeddingsProviderError";
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}
