// @ts-check
// Entry of the sandbox child process (started by process-sandbox.ts). Some inputs make V8 abort
// the whole process rather than throw (for instance a string split into more elements than an
// array may hold: "Fatal JavaScript invalid size error"), and isolated-vm cannot catch that. Running
// the isolates here means such a tool kills this process, which the app restarts, and never the app.
//
// Protocol (IPC, advanced serialization):
//   in:  { type: "run", id, job }  |  { type: "cancel", id }
//   out: { type: "ready" }         |  { type: "result", id, result }
// Configuration comes as one JSON argument: { allowHosts, maxIdle }. This process reads no environment.

import { createSandboxEngine } from "./engine.mjs";

const config = JSON.parse(process.argv[2] ?? "{}");
const engine = createSandboxEngine({
  allowHosts: Array.isArray(config.allowHosts) ? config.allowHosts : [],
  maxIdle: typeof config.maxIdle === "number" ? config.maxIdle : undefined,
  onCatastrophicError: (message) => {
    process.stderr.write(`sandbox: isolated-vm reported a catastrophic error: ${message}\n`);
    process.exit(70);
  },
});
/** @type {Map<string, AbortController>} */
const running = new Map();

/** @param {unknown} message */
function send(message) {
  if (process.connected) process.send?.(message, undefined, {}, () => undefined);
}

process.on("message", (/** @type {any} */ message) => {
  if (message?.type === "run") {
    const controller = new AbortController();
    running.set(message.id, controller);
    engine.run(message.job, controller.signal).then((result) => {
      running.delete(message.id);
      send({ type: "result", id: message.id, result });
    });
  } else if (message?.type === "cancel") {
    running.get(message.id)?.abort();
  }
});

// The app went away: nothing left to serve.
process.on("disconnect", () => {
  engine.close();
  process.exit(0);
});

send({ type: "ready" });
