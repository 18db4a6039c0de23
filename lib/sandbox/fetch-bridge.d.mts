export interface FetchBridgeOptions {
  /** Exact `URL.host` values (hostname, plus `:port` when not the scheme's default), lowercase. */
  allowHosts: string[];
  maxBytes: number;
  maxRequests: number;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}

export type FetchReply =
  | { error: string }
  | {
      ok: boolean;
      status: number;
      statusText: string;
      url: string;
      redirected: boolean;
      headers: Record<string, string>;
      body: string;
    };

export interface FetchBridge {
  call(url: unknown, init: unknown): Promise<FetchReply>;
  readonly pending: number;
  close(): void;
}

export function createFetchBridge(options: FetchBridgeOptions): FetchBridge;
