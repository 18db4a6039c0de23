// @ts-check
// A small OpenAI-compatible server for tests and benchmarks: real HTTP, deterministic replies.
// Plain JavaScript so that Vitest and the benchmark (plain Node, bench/run.mjs) share this one
// implementation; the types are in mock-openai.d.mts.
//
// Chat completions (`POST /v1/chat/completions`, streamed or not):
// - last message from a tool      → "Tool said: <tool output>"
// - tools offered and the last user message contains `[[tool:NAME {json args}]]` → a call of NAME
// - otherwise                     → "Echo: <last user message>"
// `max_tokens` truncates the reply to that many words. Usage counts words.
// The model name picks a behaviour: `mock-error-500`, `mock-error-429`, `mock-malformed`, `mock-hang`,
// `mock-close-mid-stream`; `...-delay-<ms>` waits that long before each streamed token (and before a
// non-streamed reply, once per token).
//
// Embeddings (`POST /v1/embeddings`): hashed bag of words, L2-normalised, `dimensions` (default 64),
// so texts sharing words are near each other. Model `mock-embed-error` answers 500.
//
// Control: `GET /__mock/requests[?contains=text]` lists what was received (path, body, whether the
// client went away before the answer ended, how long the answer took); `DELETE /__mock/requests`
// forgets it. `GET /__mock/timings` gives only the timings (benchmarks call it after thousands of
// requests). With `{ recordBodies: false }` bodies are not kept (long benchmark runs).

import { createHash } from "node:crypto";
import { createServer } from "node:http";

/** @typedef {import("./mock-openai.d.mts").RecordedRequest} RecordedRequest */
/** @typedef {import("./mock-openai.d.mts").MockOpenAI} MockOpenAI */
/** @typedef {{ role: string; content?: unknown; tool_calls?: unknown[] }} ChatMessage */
/** @typedef {{ type: string; function: { name: string } }} ToolSpec */
/** @typedef {{ id: string; type: "function"; function: { name: string; arguments: string } }} ToolCall */
/** @typedef {{ kind: "text"; tokens: string[] } | { kind: "tool"; call: ToolCall }} Plan */
/** @typedef {import("node:http").ServerResponse} ServerResponse */

/**
 * @param {{ port?: number; host?: string; recordBodies?: boolean }} [options]
 * @returns {Promise<MockOpenAI>}
 */
export async function startMockOpenAI(options = {}) {
  /** @type {RecordedRequest[]} */
  const requests = [];
  let nextId = 1;
  const recordBodies = options.recordBodies ?? true;

  const server = createServer(async (request, response) => {
    const arrived = performance.now();
    try {
      const url = new URL(request.url ?? "/", "http://mock");
      if (url.pathname === "/__mock/requests") {
        if (request.method === "DELETE") {
          requests.length = 0;
          return sendJson(response, 200, { ok: true });
        }
        const contains = url.searchParams.get("contains");
        const found = contains ? requests.filter((r) => JSON.stringify(r.body).includes(contains)) : requests;
        return sendJson(response, 200, found);
      }
      if (url.pathname === "/__mock/timings") {
        return sendJson(
          response,
          200,
          requests.map(({ path, model, durationMs, firstTokenMs, firstTokenAt, aborted }) => ({
            path,
            model,
            durationMs,
            firstTokenMs,
            firstTokenAt,
            aborted,
          })),
        );
      }
      if (request.method === "GET" && url.pathname.endsWith("/models")) {
        return sendJson(response, 200, { object: "list", data: [{ id: "mock-model", object: "model" }] });
      }
      if (request.method !== "POST") return sendJson(response, 404, error(`not implemented ${url.pathname}`));

      const raw = await readBody(request);
      /** @type {Record<string, unknown>} */
      let body;
      try {
        body = JSON.parse(raw);
      } catch {
        return sendJson(response, 400, error("invalid JSON"));
      }
      /** @type {RecordedRequest} */
      const record = {
        id: nextId++,
        path: url.pathname,
        model: typeof body.model === "string" ? body.model : undefined,
        body: recordBodies ? body : {},
        authorization: request.headers.authorization,
        aborted: false,
        completed: false,
      };
      requests.push(record);
      response.on("close", () => {
        if (!response.writableFinished) record.aborted = true;
      });
      response.on("finish", () => (record.durationMs = round(performance.now() - arrived)));
      const onFirstToken = () => {
        if (record.firstTokenMs !== undefined) return;
        record.firstTokenMs = round(performance.now() - arrived);
        record.firstTokenAt = performance.timeOrigin + performance.now();
      };

      if (url.pathname.endsWith("/chat/completions")) await answerChat(body, response, onFirstToken);
      else if (url.pathname.endsWith("/embeddings")) answerEmbeddings(body, response);
      else sendJson(response, 404, error(`not implemented ${url.pathname}`));
      record.completed = response.writableFinished;
    } catch (caught) {
      if (!response.headersSent) sendJson(response, 500, error(String(caught)));
      else response.destroy();
    }
  });

  await new Promise((resolve) =>
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve(null)),
  );
  const address = /** @type {import("node:net").AddressInfo} */ (server.address());
  return {
    url: `http://${options.host ?? "127.0.0.1"}:${address.port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * @param {Record<string, unknown>} body
 * @param {ServerResponse} response
 * @param {() => void} onFirstToken
 */
async function answerChat(body, response, onFirstToken) {
  const model = String(body.model ?? "mock-model");
  const delayMs = Number(model.match(/delay-(\d+)/)?.[1] ?? 0);
  if (model.includes("mock-error-500")) return sendJson(response, 500, error("mock upstream failure"));
  if (model.includes("mock-error-429")) {
    response.setHeader("retry-after", "1");
    return sendJson(response, 429, error("mock rate limit"));
  }
  if (model.includes("mock-hang")) return; // never answers; the client must give up
  if (model.includes("mock-malformed")) {
    response.writeHead(200, { "content-type": "application/json" });
    return response.end('{"id": "broken", "choices": [');
  }

  const messages = /** @type {ChatMessage[]} */ (body.messages ?? []);
  const tools = /** @type {ToolSpec[]} */ (body.tools ?? []);
  const maxTokens = typeof body.max_tokens === "number" ? body.max_tokens : undefined;
  const plan = planReply(messages, tools, maxTokens);
  const promptTokens = countWords(messages.map((m) => textOf(m.content)).join(" "));
  const completionTokens = plan.kind === "text" ? plan.tokens.length : 10;
  const usage = {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
  const created = Math.floor(Date.now() / 1000);
  const id = `chatcmpl-${createHash("sha1").update(JSON.stringify(messages)).digest("hex").slice(0, 12)}`;

  if (!body.stream) {
    if (delayMs && plan.kind === "text") await sleep(delayMs * plan.tokens.length);
    const message =
      plan.kind === "text"
        ? { role: "assistant", content: plan.tokens.join("") }
        : { role: "assistant", content: null, tool_calls: [plan.call] };
    onFirstToken();
    return sendJson(response, 200, {
      id,
      object: "chat.completion",
      created,
      model,
      choices: [{ index: 0, message, finish_reason: plan.kind === "text" ? "stop" : "tool_calls" }],
      usage,
    });
  }

  response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  /** @param {Record<string, unknown>} delta @param {string | null} [finish] */
  const chunk = (delta, finish = null) =>
    `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  response.write(chunk({ role: "assistant", content: "" }));

  if (plan.kind === "tool") {
    const args = plan.call.function.arguments;
    const half = Math.ceil(args.length / 2);
    response.write(
      chunk({
        tool_calls: [
          {
            index: 0,
            id: plan.call.id,
            type: "function",
            function: { name: plan.call.function.name, arguments: args.slice(0, half) },
          },
        ],
      }),
    );
    response.write(chunk({ tool_calls: [{ index: 0, function: { arguments: args.slice(half) } }] }));
    response.write(chunk({}, "tool_calls"));
  } else {
    for (const [index, token] of plan.tokens.entries()) {
      if (response.destroyed) return;
      if (delayMs) await sleep(delayMs);
      if (response.destroyed) return;
      if (model.includes("mock-close-mid-stream") && index === 2) return void response.destroy();
      if (index === 0) onFirstToken();
      response.write(chunk({ content: token }));
    }
    response.write(chunk({}, "stop"));
  }
  const streamOptions = /** @type {{ include_usage?: boolean } | undefined} */ (body.stream_options);
  if (streamOptions?.include_usage) {
    response.write(
      `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices: [], usage })}\n\n`,
    );
  }
  response.end("data: [DONE]\n\n");
}

/**
 * @param {ChatMessage[]} messages
 * @param {ToolSpec[]} tools
 * @param {number} [maxTokens]
 * @returns {Plan}
 */
function planReply(messages, tools, maxTokens) {
  const last = messages[messages.length - 1];
  let text;
  if (last?.role === "tool") {
    text = `Tool said: ${textOf(last.content)}`;
  } else {
    const lastUser = [...messages].reverse().find((m) => m.role === "user");
    const content = textOf(lastUser?.content);
    const directive = content.match(/\[\[tool:([A-Za-z0-9_-]+)\s*(\{.*?\})?\]\]/);
    const toolName = directive?.[1];
    if (toolName && tools.some((t) => t.function?.name === toolName)) {
      return {
        kind: "tool",
        call: {
          id: `call_${createHash("sha1").update(content).digest("hex").slice(0, 8)}`,
          type: "function",
          function: { name: toolName, arguments: directive?.[2] ?? "{}" },
        },
      };
    }
    text = `Echo: ${content}`;
  }
  let tokens = text.split(/(?=\s)/).filter((token) => token.length > 0);
  if (maxTokens !== undefined) tokens = tokens.slice(0, Math.max(1, maxTokens));
  return { kind: "text", tokens };
}

/** @param {Record<string, unknown>} body @param {ServerResponse} response */
function answerEmbeddings(body, response) {
  const model = String(body.model ?? "mock-embed");
  if (model.includes("mock-embed-error")) return sendJson(response, 500, error("mock embeddings failure"));
  const inputs = Array.isArray(body.input) ? body.input.map(String) : [String(body.input ?? "")];
  const dimensions = typeof body.dimensions === "number" ? body.dimensions : 64;
  const data = inputs.map((input, index) => ({
    object: "embedding",
    index,
    embedding: embedText(input, dimensions),
  }));
  const tokens = inputs.reduce((sum, input) => sum + countWords(input), 0);
  sendJson(response, 200, {
    object: "list",
    data,
    model,
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  });
}

/**
 * Hashed bag of words: deterministic, and texts that share words point the same way.
 * @param {string} text
 * @param {number} [dimensions]
 * @returns {number[]}
 */
export function embedText(text, dimensions = 64) {
  const vector = new Array(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const hash = createHash("md5").update(word).digest();
    vector[hash.readUInt32BE(0) % dimensions] += 1;
  }
  const norm = Math.hypot(...vector) || 1;
  return vector.map((value) => value / norm);
}

/** @param {unknown} content @returns {string} */
function textOf(content) {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content.map((part) => (typeof part === "string" ? part : (part?.text ?? ""))).join("");
  }
  return "";
}

/** @param {string} text */
const countWords = (text) => text.split(/\s+/).filter(Boolean).length;
/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** @param {number} ms */
const round = (ms) => Math.round(ms * 1000) / 1000;
/** @param {string} message */
const error = (message) => ({ error: { message, type: "mock_error" } });

/** @param {ServerResponse} response @param {number} status @param {unknown} body */
function sendJson(response, status, body) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

/** @param {import("node:http").IncomingMessage} request @returns {Promise<string>} */
function readBody(request) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}
