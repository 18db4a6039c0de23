import { ApiError } from "@/lib/api/errors";

/**
 * The vector store failed (unreachable, refused the write, wrong dimensions). A 502 for predictions;
 * the upsert layer reports it as its own 500. The store's detail stays in `cause` for the log.
 */
export class VectorStoreError extends ApiError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(502, message);
    this.name = "VectorStoreError";
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}
