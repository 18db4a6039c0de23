export interface RecordedRequest {
  id: number;
  path: string;
  model?: string;
  /** The parsed request body (empty when the mock was started with `recordBodies: false`). */
  body: Record<string, unknown>;
  authorization?: string;
  /** The client closed the connection before the reply finished. */
  aborted: boolean;
  completed: boolean;
  /** Milliseconds from the request's arrival to the last byte of the answer (the model's own time). */
  durationMs?: number;
  /** Milliseconds from the request's arrival to the first content token (streamed) or the answer. */
  firstTokenMs?: number;
  /** When the first token was sent: `performance.timeOrigin + performance.now()` (epoch ms, sub-ms). */
  firstTokenAt?: number;
}

export interface MockOpenAI {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export function startMockOpenAI(options?: {
  port?: number;
  host?: string;
  recordBodies?: boolean;
}): Promise<MockOpenAI>;

/** Hashed bag of words: deterministic, and texts that share words point the same way. */
export function embedText(text: string, dimensions?: number): number[];
