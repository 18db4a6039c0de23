import { describe, expect, it } from "vitest";
import { answerWithCors, corsHeaders, preflightResponse, withCors } from "./cors";
import { unauthorized } from "./errors";

const expected = {
  "access-control-allow-origin": "https://shop.example.com",
  "access-control-allow-headers": "Content-Type, Authorization",
  "access-control-allow-methods": "POST, GET, OPTIONS",
  "access-control-expose-headers": "X-Request-Id",
  vary: "Origin",
};

const headersOf = (response: Response) => Object.fromEntries(response.headers.entries());

describe("CORS helpers", () => {
  it("reflects the allowed origin", () => {
    expect(
      Object.fromEntries(
        Object.entries(corsHeaders("https://shop.example.com")).map(([k, v]) => [k.toLowerCase(), v]),
      ),
    ).toEqual(expected);
  });

  it("adds nothing when the request had no Origin", () => {
    const response = withCors(Response.json({ ok: true }), null);
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("appends Origin to an existing Vary", () => {
    const response = withCors(
      new Response("x", { headers: { Vary: "Accept-Encoding" } }),
      "https://a.example",
    );
    expect(response.headers.get("vary")).toBe("Accept-Encoding, Origin");
  });

  it("answers a preflight with 204 and the CORS headers", async () => {
    const response = preflightResponse("https://shop.example.com");
    expect(response.status).toBe(204);
    expect(headersOf(response)).toMatchObject({ ...expected, "access-control-max-age": "600" });
    expect(await response.text()).toBe("");
  });

  it("puts the CORS headers on error responses too", async () => {
    const response = await answerWithCors("https://shop.example.com", "req-12345678", async () => {
      throw unauthorized("Invalid API key");
    });
    expect(response.status).toBe(401);
    expect(headersOf(response)).toMatchObject(expected);
    expect(await response.json()).toEqual({
      statusCode: 401,
      success: false,
      message: "Invalid API key",
      requestId: "req-12345678",
    });
  });
});
