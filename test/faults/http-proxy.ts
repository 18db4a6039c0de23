import { createServer, request as forward } from "node:http";
import type { AddressInfo } from "node:net";

// A pass-through HTTP proxy in front of a server (Chroma), so that a test sees each request as it
// completes and can stop the real server at a precise point (after the first batch of an upsert).
// When the server behind it is gone the proxy drops the client's connection, as the server would.

export interface ProxiedRequest {
  method: string;
  path: string;
  status: number;
}

export interface HttpProxy {
  url: string;
  /** Called after each request the server answered, before the answer reaches the client. */
  onAnswered(listener: (request: ProxiedRequest) => void | Promise<void>): void;
  close(): Promise<void>;
}

export async function startHttpProxy(target: string): Promise<HttpProxy> {
  const upstream = new URL(target);
  const listeners: Array<(request: ProxiedRequest) => void | Promise<void>> = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const proxied = forward(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: incoming.method,
          path: incoming.url,
          headers: { ...incoming.headers, host: upstream.host },
        },
        (answer) => {
          const body: Buffer[] = [];
          answer.on("data", (chunk: Buffer) => body.push(chunk));
          answer.on("end", async () => {
            const seen = {
              method: incoming.method ?? "GET",
              path: incoming.url ?? "/",
              status: answer.statusCode ?? 0,
            };
            for (const listener of listeners) await listener(seen);
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
            outgoing.end(Buffer.concat(body));
          });
          answer.on("error", () => outgoing.destroy());
        },
      );
      proxied.on("error", () => outgoing.destroy());
      proxied.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    onAnswered: (listener) => listeners.push(listener),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
