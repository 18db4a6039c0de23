import { randomUUID } from "node:crypto";
import { createDatabase, startMock, startApp } from "./lib/services.mjs";
import { conversationFlow } from "./lib/flows.mjs";
import { summarize, timeSequential } from "./lib/load.mjs";
const db = await createDatabase("postgres://postgres@127.0.0.1:5432/postgres");
const mock = await startMock();
const app = await startApp({ DATABASE_URL: db.url, DATA_DIR: "/tmp/cfs-bd-data", CHROMA_URL: "http://127.0.0.1:9", OPENAI_BASE_URL: `${mock.url}/v1`, OPENAI_API_KEY: "x", AUTH_SECRET: randomUUID()+randomUUID(), LOG_LEVEL: process.env.LL ?? "error", REDIS_URL: "", AUTH_RATE_LIMIT_PER_MIN: "10000" });
const j = async (p, body, token) => (await fetch(app.url + p, { method: "POST", headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) })).json();
const email = `p-${randomUUID()}@x.test`;
await j("/api/v1/auth/signup", { email, password: "correct horse battery" });
const { token } = await j("/api/v1/auth/token", { email, password: "correct horse battery" });
const flow = await j("/api/v1/chatflows", { name: "p", flowData: conversationFlow(), isPublic: true }, token);
const nostream = await j("/api/v1/chatflows", { name: "p", flowData: conversationFlow().replace('"temperature":0.9', '"temperature":0.9,"streaming":false'), isPublic: true }, token);
const cases = {
  ping: () => fetch(app.url + "/api/v1/ping").then(r => r.text()),
  "404 malformed id": () => fetch(app.url + "/api/v1/prediction/nope", { method: "POST", body: "{}" }).then(r => r.text()),
  "404 unknown uuid": () => fetch(app.url + "/api/v1/prediction/" + randomUUID(), { method: "POST", body: "{}" }).then(r => r.text()),
  "400 no question": () => fetch(app.url + "/api/v1/prediction/" + flow.id, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }).then(r => r.text()),
  "prediction": () => fetch(app.url + "/api/v1/prediction/" + flow.id, { method: "POST", headers: { "content-type": "application/json" }, body: '{"question":"How fast is this server?"}' }).then(r => r.text()),
  "prediction model streaming=false": () => fetch(app.url + "/api/v1/prediction/" + nostream.id, { method: "POST", headers: { "content-type": "application/json" }, body: '{"question":"How fast is this server?"}' }).then(r => r.text()),
  "mock direct": () => fetch(mock.url + "/v1/chat/completions", { method: "POST", headers: { "content-type": "application/json" }, body: '{"model":"mock-model","messages":[{"role":"user","content":"How fast is this server?"}]}' }).then(r => r.text()),
};
for (const round of [1, 2]) for (const [name, task] of Object.entries(cases)) {
  await timeSequential(30, task);
  const s = summarize(await timeSequential(Number(process.env.N ?? 300), task));
  if (round === 2) console.log(name.padEnd(34), "p50", s.p50, "mean", s.mean, "p90", s.p90);
}
await app.stop(); mock.stop(); await db.drop();
