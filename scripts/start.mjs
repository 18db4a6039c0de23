// `npm start`: serves the production build (building it first when there is none) on PORT/HOSTNAME.
// A small custom server so that, unless TRUST_PROXY is set, X-Forwarded-For is the socket's address:
// Next only fills it in when absent, which would let any client choose its rate-limit identity.
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import next from "next";
import { startChroma } from "./chroma-server.mjs";

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

// Embedded Chroma for one machine; hosted (VERCEL) and self-hosted deployments set CHROMA_URL.
let chroma;
if (!process.env.CHROMA_URL && !process.env.VERCEL) {
  const dataDir = process.env.DATA_DIR || ".data";
  chroma = await startChroma({ dataPath: `${dataDir}/chroma` });
  process.env.CHROMA_URL = chroma.url;
  chroma.ready.then(
    () => console.log(`Embedded Chroma ready on ${chroma.url}`),
    (error) => console.error(`Embedded Chroma failed to start: ${error.message}`),
  );
}

const app = next({ dev: false, hostname, port });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((request, response) => {
  if (!trustProxy) request.headers["x-forwarded-for"] = request.socket.remoteAddress ?? "";
  if (!hasDecodablePath(request.url)) return refuseMalformedUrl(response);
  handle(request, response);
});

// Next decodes dynamic path segments itself and answers a bare 500 when one is not valid
// percent-encoding (`/api/v1/tools/%zz`): refuse such a URL here, as the client error it is.
function hasDecodablePath(url = "/") {
  const end = url.search(/[?#]/);
  try {
    decodeURIComponent(end === -1 ? url : url.slice(0, end));
    return true;
  } catch {
    return false;
  }
}

function refuseMalformedUrl(response) {
  const message = "Malformed URL: invalid percent-encoding in the path";
  response.writeHead(400, { "content-type": "application/json" });
  response.end(JSON.stringify({ statusCode: 400, success: false, message, requestId: randomUUID() }));
}
server.keepAliveTimeout = 65_000; // longer than common load balancers' idle timeout
server.listen(port, hostname, () => {
  const shown = hostname === "0.0.0.0" ? "localhost" : hostname;
  console.log(`Chatflow Studio ready on http://${shown}:${port}`);
});

process.on("exit", () => chroma?.child.kill());
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    chroma?.child.kill();
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
