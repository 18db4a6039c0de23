import { request as httpRequest } from "node:http";
import { describe, expect, it } from "vitest";
import { api, baseUrl, createMember, errorBody } from "../support/api";
import {
  createApiKey,
  createChatflow,
  flowData,
  memberWithPublicFlow,
  predict,
  updateChatflow,
} from "./prediction-helpers";

// Failures of API.md's prediction section that happen before the flow runs, and CORS.

const answered = (response: { status: number; body: unknown }) => {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body).toMatchObject({ text: expect.any(String) });
};

describe("prediction: unknown chatflow", () => {
  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of ["3f1c7a52-58d4-4f0e-9b1e-1f1f1f1f1f1f", "not-a-uuid"]) {
      const response = await predict(id, { question: "Hi" });
      expect(response.status).toBe(404);
      expect(response.body).toEqual(errorBody(404, "Chatflow not found"));
    }
  });
});

describe("prediction: access", () => {
  it("a chatflow bound to a key needs exactly that key", async () => {
    const member = await createMember();
    const bound = await createApiKey(member);
    const other = await createApiKey(member);
    const chatflow = await createChatflow(member, { apikeyid: bound.id, isPublic: true });

    const none = await predict(chatflow.id, { question: "Hi" });
    expect(none.status).toBe(401);
    expect(none.body).toEqual(errorBody(401, "API key required"));
    for (const token of [other.apiKey, member.token, "cfs_made_up", "garbage"]) {
      const wrong = await predict(chatflow.id, { question: "Hi" }, { token });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual(errorBody(401, "Invalid API key"));
    }
    answered(await predict(chatflow.id, { question: "Hi" }, { token: bound.apiKey }));
  });

  it("a public chatflow without key is open to anyone", async () => {
    const { chatflow } = await memberWithPublicFlow();
    answered(await predict(chatflow.id, { question: "Hi" }));
    answered(await predict(chatflow.id, { question: "Hi" }, { token: "garbage" }));
  });

  it("a private chatflow without key needs a key of its workspace or a member's token", async () => {
    const member = await createMember();
    const stranger = await createMember();
    const ownKey = await createApiKey(member);
    const foreignKey = await createApiKey(stranger);
    const chatflow = await createChatflow(member, { isPublic: false });

    const none = await predict(chatflow.id, { question: "Hi" });
    expect(none.status).toBe(401);
    expect(none.body).toEqual(errorBody(401, "API key or member token required"));
    for (const token of [foreignKey.apiKey, stranger.token, "cfs_made_up", "not-a-jwt"]) {
      const wrong = await predict(chatflow.id, { question: "Hi" }, { token });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual(errorBody(401, "Invalid API key or token"));
    }
    answered(await predict(chatflow.id, { question: "Hi" }, { token: ownKey.apiKey }));
    answered(await predict(chatflow.id, { question: "Hi" }, { token: member.token }));
  });
});

describe("prediction: origins and CORS", () => {
  const shop = "https://shop.example.com";

  it("refuses an origin that is not listed with a 403 that origin can read", async () => {
    const { chatflow } = await memberWithPublicFlow({ allowedOrigins: [shop] });
    for (const origin of [
      "https://evil.example.com",
      "http://shop.example.com",
      "https://shop.example.com:8443",
    ]) {
      const response = await predict(chatflow.id, { question: "Hi" }, { headers: { origin } });
      expect(response.status).toBe(403);
      expect(response.body).toEqual(errorBody(403, "This site is not allowed to access this chatbot"));
      expect(response.headers.get("access-control-allow-origin")).toBe(origin);
    }
  });

  it("serves listed origins (default port or not) with CORS headers, and servers without Origin", async () => {
    const { chatflow } = await memberWithPublicFlow({ allowedOrigins: [shop] });
    for (const origin of [shop, "https://SHOP.example.com:443"]) {
      const response = await predict(chatflow.id, { question: "Hi" }, { headers: { origin } });
      answered(response);
      expect(response.headers.get("access-control-allow-origin")).toBe(origin);
      expect(response.headers.get("vary")).toContain("Origin");
      expect(response.headers.get("access-control-expose-headers")).toBe("X-Request-Id");
    }
    const server = await predict(chatflow.id, { question: "Hi" });
    answered(server);
    expect(server.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("lets any origin in when the list is empty, and puts CORS headers on errors after the origin check", async () => {
    const member = await createMember();
    const chatflow = await createChatflow(member, { isPublic: false });
    const origin = "https://anywhere.example";
    const response = await predict(chatflow.id, { question: "Hi" }, { headers: { origin } });
    expect(response.status).toBe(401);
    expect(response.headers.get("access-control-allow-origin")).toBe(origin);
  });

  it("answers an allowed preflight with 204 and a disallowed one with 403 JSON", async () => {
    const { chatflow } = await memberWithPublicFlow({ allowedOrigins: [shop] });
    const preflight = (origin: string) =>
      fetch(`${baseUrl()}/api/v1/prediction/${chatflow.id}`, {
        method: "OPTIONS",
        headers: {
          origin,
          "access-control-request-method": "POST",
          "access-control-request-headers": "content-type, authorization",
        },
      });
    const allowed = await preflight(shop);
    expect(allowed.status).toBe(204);
    expect(await allowed.text()).toBe("");
    expect(allowed.headers.get("access-control-allow-origin")).toBe(shop);
    expect(allowed.headers.get("access-control-allow-methods")).toBe("POST, GET, OPTIONS");
    expect(allowed.headers.get("access-control-allow-headers")).toBe("Content-Type, Authorization");
    expect(allowed.headers.get("vary")).toContain("Origin");

    const refused = await preflight("https://evil.example.com");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual(errorBody(403, "This site is not allowed to access this chatbot"));
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();

    const unknown = await fetch(`${baseUrl()}/api/v1/prediction/3f1c7a52-58d4-4f0e-9b1e-1f1f1f1f1f1f`, {
      method: "OPTIONS",
      headers: { origin: shop },
    });
    expect(unknown.status).toBe(404);
  });
});

describe("prediction: request body", () => {
  it("answers 400 question is required, for JSON and multipart", async () => {
    const { chatflow } = await memberWithPublicFlow();
    const expected = {
      ...errorBody(400, "question is required"),
      details: [{ path: "question", message: "question is required" }],
    };
    for (const body of [{}, { question: "" }, { question: "  " }, { chatId: "x" }]) {
      const response = await predict(chatflow.id, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual(expected);
    }
    const form = new FormData();
    form.set("chatId", "x");
    const multipart = await api(`/api/v1/prediction/${chatflow.id}`, { method: "POST", rawBody: form });
    expect(multipart.status).toBe(400);
    expect(multipart.body).toEqual(expected);
  });

  it("answers 400 for malformed JSON and ill-typed fields", async () => {
    const { chatflow } = await memberWithPublicFlow();
    const malformed = await predict(chatflow.id, "{");
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual(errorBody(400, "Malformed JSON body"));
    const badTemperature = await predict(chatflow.id, {
      question: "Hi",
      overrideConfig: { temperature: "hot" },
    });
    expect(badTemperature.status).toBe(400);
    expect(badTemperature.body).toMatchObject({
      statusCode: 400,
      details: [expect.objectContaining({ path: "overrideConfig.temperature" })],
    });
  });

  it("answers 413 to a body declared larger than the upload limit, before reading it", async () => {
    const { chatflow } = await memberWithPublicFlow();
    const url = new URL(`${baseUrl()}/api/v1/prediction/${chatflow.id}`);
    const result = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const outgoing = httpRequest(url, {
        method: "POST",
        headers: {
          "content-type": "multipart/form-data; boundary=x",
          "content-length": String(200 * 1024 * 1024),
        },
      });
      outgoing.on("response", (response) => {
        let body = "";
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      });
      outgoing.on("error", reject);
      outgoing.write("--x\r\n"); // a few bytes of the promised 200 MB
    });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toMatchObject({ statusCode: 413, success: false });
  });

  it("answers 400 naming the node when the flow cannot run", async () => {
    const noEnd = flowData([{ id: "chatOpenAI_0", name: "chatOpenAI", inputs: { modelName: "mock-model" } }]);
    const missingModel = flowData([{ id: "conversationChain_0", name: "conversationChain", inputs: {} }]);
    for (const [data, node] of [
      [noEnd, "chatOpenAI_0"],
      [missingModel, "conversationChain_0"],
    ]) {
      const { chatflow } = await memberWithPublicFlow({ flowData: data });
      const response = await predict(chatflow.id, { question: "Hi" });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        statusCode: 400,
        success: false,
        message: expect.stringContaining(node),
      });
    }
  });
});

describe("prediction: rate limit (memory backend)", () => {
  it("answers 429 with limitMsg and Retry-After after limitMax predictions, per caller", async () => {
    const member = await createMember();
    const key = await createApiKey(member);
    const chatflow = await createChatflow(member, {
      apiConfig: {
        rateLimit: { status: true, limitMax: 2, limitDuration: 60, limitMsg: "Slow down, please" },
      },
    });
    answered(await predict(chatflow.id, { question: "one" }));
    answered(await predict(chatflow.id, { question: "two" }));
    const limited = await predict(chatflow.id, { question: "three" });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual(errorBody(429, "Slow down, please"));
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    // An API key is its own caller, with its own counter.
    answered(await predict(chatflow.id, { question: "four" }, { token: key.apiKey }));
  });

  it("says Too many requests without limitMsg, and applies a changed limit to the very next request", async () => {
    const member = await createMember();
    const chatflow = await createChatflow(member, {
      apiConfig: { rateLimit: { status: true, limitMax: 1, limitDuration: 60 } },
    });
    answered(await predict(chatflow.id, { question: "one" }));
    const limited = await predict(chatflow.id, { question: "two" });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual(errorBody(429, "Too many requests"));

    await updateChatflow(member, chatflow.id, {
      apiConfig: { rateLimit: { status: true, limitMax: 5, limitDuration: 60 } },
    });
    answered(await predict(chatflow.id, { question: "three" }));
    await updateChatflow(member, chatflow.id, { apiConfig: { rateLimit: { status: false } } });
    answered(await predict(chatflow.id, { question: "four" }));
    await updateChatflow(member, chatflow.id, {
      apiConfig: { rateLimit: { status: true, limitMax: 1, limitDuration: 60 } },
    });
    expect((await predict(chatflow.id, { question: "five" })).status).toBe(429);
  });
});
