import { beforeAll, describe, expect, it } from "vitest";
import { api, baseUrl, createMember, type Member } from "../support/api";
import {
  createRandom,
  hostileIds,
  hostileJsonValues,
  hostileQueries,
  hostileRawBodies,
  hostileTokens,
  mutateBody,
  sendRaw,
  type Random,
} from "../faults/fuzz";
import { conversationFlow, createApiKey, createChatflow, flowData, parseSse } from "./prediction-helpers";

// A generated, seeded fuzz run over every endpoint of the API: wrong types, huge values, unicode,
// nested JSON bombs, prototype-pollution keys, path tricks, very long ids, odd queries and tokens,
// malformed multipart and raw HTTP, and streaming clients that read slowly or vanish. Whatever the
// input, the answer is never a 5xx, and the server is alive and correct afterwards.

const SEED = 20261122;
const RANDOM_CASES = 300;
const CONCURRENCY = 4;

interface Spec {
  method: string;
  /** `{id}` and friends are replaced by real ids or hostile ones. */
  path: string;
  auth: "member" | "none";
  body?: Record<string, unknown>;
}

interface Fixture {
  member: Member;
  ids: Record<string, string>;
}

let fixture: Fixture;

function specs(): Spec[] {
  const flow = conversationFlow();
  const chatflowBody = { name: "fuzzed", flowData: flow, isPublic: true, deployed: false, apiConfig: null };
  const toolBody = {
    name: "fuzz_tool",
    description: "A tool",
    color: "#4f46e5",
    schema: '{"type":"object","properties":{"city":{"type":"string"}}}',
    func: "return $city",
  };
  const credentialBody = {
    name: "fuzz",
    credentialName: "openAIApi",
    plainDataObj: { openAIApiKey: "sk-x" },
  };
  const predictionBody = {
    question: "Hello",
    streaming: false,
    chatId: "fuzz-chat",
    overrideConfig: { temperature: 0.1, sessionId: "s" },
    history: [{ role: "userMessage", content: "hi" }],
    uploads: [],
  };
  return [
    { method: "GET", path: "/api/v1/ping", auth: "none" },
    { method: "GET", path: "/api/v1/health", auth: "none" },
    {
      method: "POST",
      path: "/api/v1/auth/signup",
      auth: "none",
      body: { email: "a@b.test", password: "x".repeat(12), name: "n" },
    },
    {
      method: "POST",
      path: "/api/v1/auth/token",
      auth: "none",
      body: { email: "a@b.test", password: "x".repeat(12) },
    },
    { method: "GET", path: "/api/v1/apikey", auth: "member" },
    { method: "POST", path: "/api/v1/apikey", auth: "member", body: { keyName: "fuzz key" } },
    { method: "PUT", path: "/api/v1/apikey/{apikey}", auth: "member", body: { keyName: "renamed" } },
    { method: "DELETE", path: "/api/v1/apikey/{hostile}", auth: "member" },
    { method: "GET", path: "/api/v1/chatflows", auth: "member" },
    { method: "POST", path: "/api/v1/chatflows", auth: "member", body: chatflowBody },
    { method: "GET", path: "/api/v1/chatflows/{chatflow}", auth: "member" },
    { method: "PUT", path: "/api/v1/chatflows/{scratchflow}", auth: "member", body: chatflowBody },
    { method: "DELETE", path: "/api/v1/chatflows/{hostile}", auth: "member" },
    { method: "GET", path: "/api/v1/chatflows/apikey/{apikeyValue}", auth: "member" },
    { method: "GET", path: "/api/v1/chatflows/has-changed/{chatflow}/{date}", auth: "member" },
    { method: "GET", path: "/api/v1/chatflows-streaming/{chatflow}", auth: "none" },
    { method: "GET", path: "/api/v1/credentials", auth: "member" },
    { method: "POST", path: "/api/v1/credentials", auth: "member", body: credentialBody },
    { method: "GET", path: "/api/v1/credentials/{credential}", auth: "member" },
    { method: "PUT", path: "/api/v1/credentials/{credential}", auth: "member", body: credentialBody },
    { method: "DELETE", path: "/api/v1/credentials/{hostile}", auth: "member" },
    { method: "GET", path: "/api/v1/nodes", auth: "member" },
    { method: "GET", path: "/api/v1/nodes/{node}", auth: "member" },
    { method: "POST", path: "/api/v1/prediction/{chatflow}", auth: "none", body: predictionBody },
    {
      method: "POST",
      path: "/api/v1/prediction/{chatflow}",
      auth: "none",
      body: { ...predictionBody, streaming: true },
    },
    { method: "OPTIONS", path: "/api/v1/prediction/{chatflow}", auth: "none" },
    { method: "GET", path: "/api/v1/public-chatbotConfig/{chatflow}", auth: "none" },
    { method: "GET", path: "/api/v1/tools", auth: "member" },
    { method: "POST", path: "/api/v1/tools", auth: "member", body: toolBody },
    { method: "GET", path: "/api/v1/tools/{tool}", auth: "member" },
    { method: "PUT", path: "/api/v1/tools/{tool}", auth: "member", body: toolBody },
    { method: "DELETE", path: "/api/v1/tools/{hostile}", auth: "member" },
    {
      method: "POST",
      path: "/api/v1/tools/run",
      auth: "member",
      body: { func: "return $city", input: { city: "Oslo" } },
    },
    {
      method: "POST",
      path: "/api/v1/vector/upsert/{storeflow}",
      auth: "none",
      body: { text: "Some text to store." },
    },
    {
      method: "POST",
      path: "/api/v1/vector/internal-upsert/{storeflow}",
      auth: "member",
      body: { documents: [{ pageContent: "A document", metadata: { a: 1 } }] },
    },
    { method: "OPTIONS", path: "/api/v1/vector/upsert/{storeflow}", auth: "none" },
    { method: "GET", path: "/api/auth/session", auth: "none" },
    { method: "GET", path: "/api/auth/csrf", auth: "none" },
    { method: "GET", path: "/api/auth/providers", auth: "none" },
    {
      method: "POST",
      path: "/api/auth/callback/credentials",
      auth: "none",
      body: { email: "a@b.test", password: "x" },
    },
    { method: "GET", path: "/api/auth/{hostile}", auth: "none" },
  ];
}

interface Attempt {
  label: string;
  method: string;
  path: string;
  token?: string;
  body?: string;
  contentType?: string;
}

interface Failure {
  label: string;
  status: number | string;
  excerpt: string;
}

const bodyMethods = new Set(["POST", "PUT", "PATCH"]);
const contentTypes = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  "multipart/form-data; boundary=zzz",
  "application/json; charset=utf-16",
  "application/octet-stream",
];

function fillPath(template: string, random: Random | undefined, hostile?: string): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (hostile !== undefined) return hostile;
    if (name === "hostile" || !random || random.chance(0.5))
      return random ? random.pick(hostileIds) : hostileIds[0];
    return fixture.ids[name];
  });
}

/** Every path parameter of every endpoint, each hostile id in turn. */
function pathCases(): Attempt[] {
  return specs()
    .filter((spec) => spec.path.includes("{"))
    .flatMap((spec) =>
      hostileIds.map((id) => ({
        label: `path ${spec.method} ${spec.path} ← ${id.slice(0, 40)}`,
        method: spec.method,
        path: fillPath(spec.path, undefined, id),
        token: spec.auth === "member" ? fixture.member.token : undefined,
        body: spec.body ? JSON.stringify(spec.body) : undefined,
        contentType: spec.body ? "application/json" : undefined,
      })),
    );
}

/** Every endpoint with a body, each hostile JSON value (and raw non-JSON) as the whole body. */
function wholeBodyCases(): Attempt[] {
  return specs()
    .filter((spec) => spec.body)
    .flatMap((spec) =>
      [...hostileJsonValues, ...hostileRawBodies].map((body) => ({
        label: `body ${spec.method} ${spec.path} ← ${body.slice(0, 40)}`,
        method: spec.method,
        path: realPath(spec.path),
        token: spec.auth === "member" ? fixture.member.token : undefined,
        body,
        contentType: "application/json",
      })),
    );
}

const realPath = (template: string) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => fixture.ids[name] ?? hostileIds[0]);

/** Random combinations: one endpoint, mutated fields, sometimes a hostile id, query, token or type. */
function randomCases(random: Random): Attempt[] {
  const all = specs();
  return Array.from({ length: RANDOM_CASES }, (_, index) => {
    const spec = random.pick(all);
    const path =
      (random.chance(0.4) ? fillPath(spec.path, random) : realPath(spec.path)) +
      (random.chance(0.25) ? random.pick(hostileQueries) : "");
    const token =
      spec.auth === "member" && random.chance(0.8) ? fixture.member.token : random.pick(hostileTokens);
    let body: string | undefined;
    let contentType: string | undefined;
    if (spec.body || bodyMethods.has(spec.method)) {
      const roll = random.next();
      body =
        roll < 0.75
          ? mutateBody(random, spec.body ?? {})
          : roll < 0.9
            ? random.pick(hostileRawBodies)
            : JSON.stringify(spec.body ?? {});
      contentType = random.chance(0.85) ? "application/json" : random.pick(contentTypes);
    }
    return {
      label: `random #${index} ${spec.method} ${path.slice(0, 80)}`,
      method: spec.method,
      path,
      token,
      body,
      contentType,
    };
  });
}

async function attempt(request: Attempt): Promise<Failure | null> {
  const headers: Record<string, string> = {};
  if (request.token !== undefined) headers.authorization = `Bearer ${request.token}`;
  if (request.contentType) headers["content-type"] = request.contentType;
  try {
    const response = await fetch(`${baseUrl()}${request.path}`, {
      method: request.method,
      headers,
      body: request.body,
      signal: AbortSignal.timeout(45_000),
    });
    const text = await response.text();
    if (response.status >= 500)
      return { label: request.label, status: response.status, excerpt: text.slice(0, 300) };
    return null;
  } catch (error) {
    return { label: request.label, status: "no answer", excerpt: String(error).slice(0, 300) };
  }
}

async function runAll(requests: Attempt[]): Promise<Failure[]> {
  const failures: Failure[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests.length) {
        const failure = await attempt(requests[next++]);
        if (failure) failures.push(failure);
      }
    }),
  );
  return failures;
}

async function expectAlive() {
  const ping = await fetch(`${baseUrl()}/api/v1/ping`);
  expect(ping.status).toBe(200);
  const answer = await api(`/api/v1/prediction/${fixture.ids.chatflow}`, {
    body: { question: "Still there?" },
  });
  expect(answer.status).toBe(200);
  expect(answer.body.text).toBe("Echo: Still there?");
}

beforeAll(async () => {
  const member = await createMember("Fuzzer");
  const chatflow = await createChatflow(member);
  const scratch = await createChatflow(member);
  const store = await createChatflow(member, {
    flowData: flowData([
      { id: "openAIEmbeddings_0", name: "openAIEmbeddings", inputs: { modelName: "mock-embed" } },
      {
        id: "memoryVectorStore_0",
        name: "memoryVectorStore",
        inputs: { embeddings: "{{openAIEmbeddings_0.data.instance}}" },
      },
    ]),
  });
  const tool = await api("/api/v1/tools", {
    token: member.token,
    body: { name: "real_tool", description: "d", func: "return 1" },
  });
  const credential = await api("/api/v1/credentials", {
    token: member.token,
    body: { name: "real", credentialName: "openAIApi", plainDataObj: { openAIApiKey: "sk-real" } },
  });
  const key = await createApiKey(member);
  const chatflowRow = await api(`/api/v1/chatflows/${chatflow.id}`, { token: member.token });
  fixture = {
    member,
    ids: {
      chatflow: chatflow.id,
      scratchflow: scratch.id,
      storeflow: store.id,
      tool: tool.body.id,
      credential: credential.body.id,
      apikey: key.id,
      apikeyValue: key.apiKey,
      node: "chatOpenAI",
      date: encodeURIComponent(chatflowRow.body.updatedDate),
      hostile: hostileIds[0],
    },
  };
}, 60_000);

describe("hostile input", () => {
  it("never answers 5xx to a hostile path parameter", async () => {
    expect(await runAll(pathCases())).toEqual([]);
    await expectAlive();
  }, 300_000);

  it("never answers 5xx to a hostile whole body", async () => {
    expect(await runAll(wholeBodyCases())).toEqual([]);
    await expectAlive();
  }, 300_000);

  it(`never answers 5xx to ${RANDOM_CASES} seeded random mutations (seed ${SEED})`, async () => {
    expect(await runAll(randomCases(createRandom(SEED)))).toEqual([]);
    await expectAlive();
  }, 300_000);

  it("never answers 5xx to malformed multipart uploads", async () => {
    const boundary = "----fuzzboundary";
    const part = (headers: string, content: string) => `--${boundary}\r\n${headers}\r\n\r\n${content}\r\n`;
    const bodies: Array<[string, string]> = [
      ["multipart/form-data", "garbage"],
      [`multipart/form-data; boundary=${boundary}`, "no boundary in here at all"],
      [
        `multipart/form-data; boundary=${boundary}`,
        part('Content-Disposition: form-data; name="files"; filename="a.txt"', "unterminated"),
      ],
      [
        `multipart/form-data; boundary=${boundary}`,
        part('Content-Disposition: form-data; name="files"; filename="../../../etc/passwd"', "x") +
          `--${boundary}--\r\n`,
      ],
      [
        `multipart/form-data; boundary=${boundary}`,
        part('Content-Disposition: form-data; name="files"; filename="%2e%2e%2fx.txt\u0000.pdf"', "x") +
          `--${boundary}--\r\n`,
      ],
      [
        `multipart/form-data; boundary=${boundary}`,
        part("Content-Disposition: form-data", "nameless") + `--${boundary}--\r\n`,
      ],
      [
        `multipart/form-data; boundary=${boundary}`,
        part(
          'Content-Disposition: form-data; name="files"; filename="a.pdf"\r\nContent-Type: application/pdf',
          "%PDF-1.7 not really",
        ) + `--${boundary}--\r\n`,
      ],
      [
        `multipart/form-data; boundary=${boundary}`,
        part('Content-Disposition: form-data; name="files"; filename="a.docx"', "PK\u0003\u0004 broken zip") +
          `--${boundary}--\r\n`,
      ],
      [
        `multipart/form-data; boundary=${boundary}`,
        part('Content-Disposition: form-data; name="metadata"', "{not json") + `--${boundary}--\r\n`,
      ],
      [
        `multipart/form-data; boundary=${boundary}`,
        part('Content-Disposition: form-data; name="overrideConfig"', '{"__proto__":{"x":1}}') +
          `--${boundary}--\r\n`,
      ],
      [
        `multipart/form-data; boundary=${boundary}`,
        Array.from({ length: 2_000 }, (_, i) =>
          part(`Content-Disposition: form-data; name="f${i}"`, ""),
        ).join("") + `--${boundary}--\r\n`,
      ],
      [
        `multipart/form-data; boundary=${boundary}`,
        part(`Content-Disposition: form-data; name="files"; filename="${"n".repeat(20_000)}"`, "x") +
          `--${boundary}--\r\n`,
      ],
      [`multipart/form-data; boundary=${"b".repeat(300)}`, "--" + "b".repeat(300) + "--\r\n"],
    ];
    const requests: Attempt[] = [];
    for (const target of [
      "/api/v1/vector/upsert/{storeflow}",
      "/api/v1/vector/internal-upsert/{storeflow}",
      "/api/v1/prediction/{chatflow}",
    ]) {
      for (const [contentType, body] of bodies) {
        requests.push({
          label: `multipart ${target} ${contentType.slice(0, 40)} ${body.slice(0, 60)}`,
          method: "POST",
          path: realPath(target),
          token: fixture.member.token,
          body,
          contentType,
        });
      }
    }
    expect(await runAll(requests)).toEqual([]);
    await expectAlive();
  }, 300_000);

  it("survives malformed raw HTTP: bad heads, lying lengths, truncated bodies, slow senders", async () => {
    const url = baseUrl();
    const host = `Host: ${new URL(url).host}\r\n`;
    const prediction = `/api/v1/prediction/${fixture.ids.chatflow}`;
    const cases: Array<[string, Promise<{ status: number | "closed"; head: string }>]> = [
      ["header without colon", sendRaw(url, [`GET /api/v1/ping HTTP/1.1\r\n${host}Bad Header\r\n\r\n`])],
      ["unknown method", sendRaw(url, [`FOO /api/v1/ping HTTP/1.1\r\n${host}\r\n`])],
      ["PROPFIND", sendRaw(url, [`PROPFIND /api/v1/chatflows HTTP/1.1\r\n${host}\r\n`])],
      [
        "traversal in the request line",
        sendRaw(url, [`GET /api/v1/../../../../etc/passwd HTTP/1.1\r\n${host}\r\n`]),
      ],
      [
        "encoded traversal",
        sendRaw(url, [`GET /api/v1/chatflows/%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\n${host}\r\n`]),
      ],
      [
        "raw bytes in the path",
        sendRaw(url, [Buffer.from(`GET /api/v1/chatflows/\xff\xfe\x00 HTTP/1.1\r\n${host}\r\n`, "latin1")]),
      ],
      [
        "a 20 KB header",
        sendRaw(url, [`GET /api/v1/ping HTTP/1.1\r\n${host}X-Big: ${"a".repeat(20_000)}\r\n\r\n`]),
      ],
      [
        "Content-Length larger than the body, then close",
        sendRaw(
          url,
          [
            `POST ${prediction} HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"question":`,
          ],
          { endAfterWrite: true },
        ),
      ],
      [
        "Content-Length smaller than the body",
        sendRaw(url, [
          `POST ${prediction} HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: 5\r\nConnection: close\r\n\r\n{"question":"hi"}`,
        ]),
      ],
      [
        "two Content-Lengths",
        sendRaw(url, [
          `POST ${prediction} HTTP/1.1\r\n${host}Content-Length: 2\r\nContent-Length: 20\r\n\r\n{}`,
        ]),
      ],
      [
        "bad chunk size",
        sendRaw(url, [
          `POST ${prediction} HTTP/1.1\r\n${host}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
        ]),
      ],
      [
        "chunked and Content-Length together (smuggling shape)",
        sendRaw(url, [
          `POST ${prediction} HTTP/1.1\r\n${host}Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /api/v1/ping HTTP/1.1\r\n${host}\r\n`,
        ]),
      ],
      [
        "a body trickled a byte at a time",
        sendRaw(
          url,
          [
            `POST ${prediction} HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: 17\r\nConnection: close\r\n\r\n`,
            ...'{"question":"hi"}'.split(""),
          ],
          { pauseMs: 40 },
        ),
      ],
      [
        "headers trickled, then gone",
        sendRaw(url, `POST ${prediction} HTTP/1.1\r\n${host}Content-Type: application/json\r\n`.split(""), {
          pauseMs: 5,
          endAfterWrite: true,
          timeoutMs: 5_000,
        }),
      ],
    ];
    const answers = await Promise.all(cases.map(async ([label, pending]) => [label, await pending] as const));
    const bad = answers.filter(([, answer]) => typeof answer.status === "number" && answer.status >= 500);
    expect(bad).toEqual([]);
    // The server answered the well-formed ones.
    const byLabel = Object.fromEntries(answers);
    expect(byLabel["a body trickled a byte at a time"].status).toBe(200);
    expect(byLabel["traversal in the request line"].status).toBeLessThan(500);
    await expectAlive();
  }, 120_000);

  it("survives streaming clients that vanish, stall or read slowly", async () => {
    const prediction = `${baseUrl()}/api/v1/prediction/${fixture.ids.chatflow}`;
    const longQuestion = Array.from({ length: 400 }, (_, i) => `word${i}`).join(" ");
    const open = (question: string, signal?: AbortSignal) =>
      fetch(prediction, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ question, streaming: true }),
        signal,
      });

    // 30 clients that go away at once, after the head, or after the first bytes.
    const vanishing = Array.from({ length: 30 }, async (_, i) => {
      const controller = new AbortController();
      const pending = open(`${longQuestion} vanish ${i}`, controller.signal);
      if (i % 3 === 0) controller.abort();
      const response = await pending.catch(() => undefined);
      if (!response) return;
      const reader = response.body!.getReader();
      if (i % 3 === 2) await reader.read().catch(() => undefined);
      controller.abort();
      await reader.read().catch(() => undefined);
    });

    // Clients that stall before reading, then read a chunk at a time with pauses: they still get
    // the whole answer, in order, ending with `end`.
    const slow = Array.from({ length: 4 }, async (_, i) => {
      const question = `${longQuestion} slow ${i}`;
      const response = await open(question);
      expect(response.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let text = "";
      for (let chunks = 0; ; chunks++) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        if (chunks % 50 === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const events = parseSse(text);
      expect(events.at(-1)).toEqual({ event: "end", data: {} });
      const answer = events
        .filter((event) => event.event === "token")
        .map((event) => event.data.data)
        .join("");
      expect(answer).toBe(`Echo: ${question}`);
    });

    // Raw sockets that send the request and close without reading, or half-close.
    const raw = Array.from({ length: 10 }, (_, i) => {
      const body = JSON.stringify({ question: `${longQuestion} raw ${i}`, streaming: true });
      return sendRaw(
        baseUrl(),
        [
          `POST /api/v1/prediction/${fixture.ids.chatflow} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
        ],
        { endAfterWrite: i % 2 === 0, timeoutMs: 3_000 },
      );
    });

    await Promise.all([...vanishing, ...slow, ...raw]);
    await expectAlive();
    const streamed = await fetch(prediction, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ question: "After the storm", streaming: true }),
    });
    const events = parseSse(await streamed.text());
    expect(events.map((event) => event.event)).toEqual([...Array(5).fill("token"), "metadata", "end"]);
  }, 180_000);
});
