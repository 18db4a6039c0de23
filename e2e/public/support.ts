import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Page } from "@playwright/test";

// Seeding over HTTP, a second origin for embedding, and observers that prove an answer streamed.

export const appUrl = () => required("E2E_BASE_URL");
const mockUrl = () => required("E2E_MOCK_URL");

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the specs through playwright.config.ts`);
  return value;
}

async function call<T>(route: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${appUrl()}${route}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${route} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** Signs a new user up (which creates a workspace) and returns a JWT for the API. */
export async function signUp(): Promise<string> {
  const email = `e2e-${randomUUID()}@example.test`;
  const password = "correct horse battery";
  await call("/api/v1/auth/signup", { email, password, name: "E2E" });
  const { token } = await call<{ token: string }>("/api/v1/auth/token", { email, password });
  return token;
}

export interface ChatflowSeed {
  name?: string;
  isPublic?: boolean;
  allowedOrigins?: string[];
  chatbotConfig?: Record<string, unknown>;
  apiConfig?: Record<string, unknown>;
  /** The mock model: `mock-delay-50` sends a token every 50 ms, slow enough to watch it stream. */
  modelName?: string;
}

const fixture = readFileSync(
  path.resolve("test/fixtures/flowise/conversation-chain-buffer-memory.json"),
  "utf8",
);

/** A Flowise export (chatOpenAI → conversationChain with bufferMemory) pointed at the mock server. */
function conversationFlow(modelName: string): string {
  const flow = JSON.parse(fixture) as {
    nodes: { data: { name: string; inputs: Record<string, unknown> } }[];
  };
  for (const node of flow.nodes) {
    if (node.data.name === "chatOpenAI")
      Object.assign(node.data.inputs, { modelName, basepath: `${mockUrl()}/v1` });
  }
  return JSON.stringify(flow);
}

export async function createChatflow(token: string, seed: ChatflowSeed = {}): Promise<{ id: string }> {
  return call(
    "/api/v1/chatflows",
    {
      name: seed.name ?? "Sock shop assistant",
      flowData: conversationFlow(seed.modelName ?? "mock-delay-50"),
      isPublic: seed.isPublic ?? true,
      allowedOrigins: seed.allowedOrigins ?? [],
      chatbotConfig: seed.chatbotConfig ? JSON.stringify(seed.chatbotConfig) : null,
      apiConfig: seed.apiConfig ? JSON.stringify(seed.apiConfig) : null,
    },
    token,
  );
}

/** What the mock OpenAI server received whose body contains `text` (the model calls of a question). */
export async function modelRequestsContaining(text: string): Promise<{ body: { messages: unknown[] } }[]> {
  const response = await fetch(`${mockUrl()}/__mock/requests?contains=${encodeURIComponent(text)}`);
  return response.json();
}

export interface StaticSite {
  url: string;
  close(): Promise<void>;
}

const flowiseWebJs = path.resolve("node_modules/flowise-embed/dist/web.js");

/**
 * Another origin: a tiny node:http server on its own port serving the given pages (path → HTML)
 * and, at /flowise/web.js, the `flowise-embed` widget from npm.
 */
export async function startStaticSite(pages: Record<string, string>): Promise<StaticSite> {
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? "/", "http://site").pathname;
    if (pathname === "/flowise/web.js") {
      response.writeHead(200, { "content-type": "text/javascript; charset=utf-8" });
      return response.end(readFileSync(flowiseWebJs));
    }
    const page = pages[pathname];
    if (page === undefined) {
      response.writeHead(404, { "content-type": "text/plain" });
      return response.end("not found");
    }
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const htmlPage = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body><h1>Sock shop</h1>${body}</body></html>`;

/**
 * Records, on every DOM change inside the shadow root of `hostSelector`, the text of the last element
 * matching `messageSelector`: the successive states of an answer as it is drawn.
 */
export async function recordAnswerTexts(page: Page, hostSelector: string, messageSelector: string) {
  await page.waitForFunction((selector) => document.querySelector(selector)?.shadowRoot, hostSelector);
  await page.evaluate(
    ({ hostSelector, messageSelector }) => {
      const root = document.querySelector(hostSelector)!.shadowRoot!;
      const seen: string[] = [];
      (window as unknown as { answerTexts: string[] }).answerTexts = seen;
      new MutationObserver(() => {
        const all = root.querySelectorAll(messageSelector);
        const text = all[all.length - 1]?.textContent?.trim() ?? "";
        if (text && seen[seen.length - 1] !== text) seen.push(text);
      }).observe(root, { subtree: true, childList: true, characterData: true });
    },
    { hostSelector, messageSelector },
  );
}

export async function answerTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { answerTexts: string[] }).answerTexts);
}

/** The texts drawn before `final` that are partial answers (proper prefixes of it). */
export function partialAnswers(texts: string[], final: string): string[] {
  return texts.filter((text) => text.length < final.length && final.startsWith(text));
}
