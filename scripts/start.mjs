// `npm start`: serves the production build (building it first when there is none) on PORT/HOSTNAME.
// A small custom server so that, unless TRUST_PROXY is set, X-Forwarded-For is the socket's address:
// Next only fills it in when absent, which would let any client choose its rate-limit identity.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import next from "next";

process.env.NEXT_TELEMETRY_DISABLED = "1";
process.env.NODE_ENV = "production";
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME || "0.0.0.0";
const trustProxy = ["true", "1"].includes(process.env.TRUST_PROXY ?? "");

if (!existsSync(".next/BUILD_ID")) {
  console.log("No production build found: running `next build` once (about a minute)…");
  const build = spawnSync("npx", ["--no-install", "next", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const app = next({ dev: false, hostname, port });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((request, response) => {
  if (!trustProxy) request.headers["x-forwarded-for"] = request.socket.remoteAddress ?? "";
  handle(request, response);
});
server.keepAliveTimeout = 65_000; // longer than common load balancers' idle timeout
server.listen(port, hostname, () => {
  const shown = hostname === "0.0.0.0" ? "localhost" : hostname;
  console.log(`Chatflow Studio ready on http://${shown}:${port}`);
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
