import { ApiError } from "@/lib/api/errors";

/**
 * The model provider failed (HTTP error, unreachable, timed out, malformed answer). A 502 for the
 * API: the flow is fine, the upstream is not. The provider's own detail stays in `cause` for the log.
 */
export class ModelProviderError extends ApiError {
  constructor(
    message: string,
    readonly providerStatus?: number,
    options?: { cause?: unknown },
  ) {
    super(502, message);
    this.name = "ModelProviderError";
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}
