import { describe, expect, it, vi } from "vitest";

async function loadEnv(environment: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(environment)) vi.stubEnv(name, value);
  try {
    return await import("./env");
  } finally {
    vi.unstubAllEnvs();
  }
}

describe("configuration", () => {
  it("applies the documented defaults", async () => {
    const { env } = await loadEnv({ SIGNUP_ENABLED: "", MAX_TOKENS_LIMIT: "", TRUST_PROXY: "" });
    expect(env.SIGNUP_ENABLED).toBe(true);
    expect(env.MAX_TOKENS_LIMIT).toBe(4096);
    expect(env.TRUST_PROXY).toBe(false);
    expect(env.AUTH_RATE_LIMIT_PER_MIN).toBe(20);
  });

  it("parses flags, numbers and host lists", async () => {
    const { env } = await loadEnv({
      SIGNUP_ENABLED: "false",
      DEFAULT_MAX_CHATFLOWS: "3",
      TOOL_FETCH_ALLOW: " API.example.com, 127.0.0.1:8080 ,",
    });
    expect(env.SIGNUP_ENABLED).toBe(false);
    expect(env.DEFAULT_MAX_CHATFLOWS).toBe(3);
    expect(env.TOOL_FETCH_ALLOW).toEqual(["api.example.com", "127.0.0.1:8080"]);
  });

  it("refuses an invalid setting by name", async () => {
    await expect(loadEnv({ ENCRYPTION_KEY: "too-short" })).rejects.toThrow(
      "ENCRYPTION_KEY: ENCRYPTION_KEY must be 32 bytes written as 64 hex characters",
    );
    await expect(loadEnv({ SIGNUP_ENABLED: "maybe" })).rejects.toThrow("SIGNUP_ENABLED");
  });

  it("names every setting a hosted deployment lacks", async () => {
    const { missingHostedSettings } = await loadEnv({
      VERCEL: "1",
      DATABASE_URL: "postgres://db.example/app",
      AUTH_SECRET: "",
      ENCRYPTION_KEY: "",
      CHROMA_URL: "",
      REDIS_URL: "",
      UPSTASH_REDIS_REST_URL: "",
    });
    expect(missingHostedSettings()).toEqual([
      "AUTH_SECRET",
      "ENCRYPTION_KEY",
      "CHROMA_URL",
      "UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN (or REDIS_URL)",
    ]);
  });

  it("requires nothing outside hosted mode", async () => {
    const { missingHostedSettings } = await loadEnv({ VERCEL: "" });
    expect(missingHostedSettings()).toEqual([]);
  });
});
