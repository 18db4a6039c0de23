// The mock OpenAI-compatible server (test/support/mock-openai.mjs, the one the tests use) in a
// process of its own, so that its latency is not disturbed by the load generator's event loop.
// Prints one line of JSON, {"url": ...}, once it listens.
import { startMockOpenAI } from "../test/support/mock-openai.mjs";

const mock = await startMockOpenAI({ recordBodies: false });
process.stdout.write(`${JSON.stringify({ url: mock.url })}\n`);
process.on("disconnect", () => process.exit(0));
process.on("SIGTERM", () => mock.close().then(() => process.exit(0)));
