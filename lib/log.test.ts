import { describe, expect, it } from "vitest";
import { redactFields } from "./log";

const hidden = { logContent: false };
const shown = { logContent: true };

describe("redactFields", () => {
  it("keeps the access-log fields as they are", () => {
    const fields = {
      requestId: "r-12345678",
      method: "POST",
      route: "/api/v1/prediction/x",
      status: 200,
      ms: 12.5,
    };
    expect(redactFields(fields, hidden)).toEqual(fields);
  });

  it("masks secret fields always and hides message contents unless LOG_CONTENT", () => {
    const fields = {
      apiKey: "cfs_abcdefghijkl",
      authorization: "Bearer x",
      authSecret: "s",
      token: "t",
      promptTokens: 12,
      question: "What is my salary?",
      answer: "Secret stuff",
      chatflowId: "c",
    };
    expect(redactFields(fields, hidden)).toEqual({
      apiKey: "[redacted]",
      authorization: "[redacted]",
      authSecret: "[redacted]",
      token: "[redacted]",
      promptTokens: 12,
      question: "[content hidden]",
      answer: "[content hidden]",
      chatflowId: "c",
    });
    expect(redactFields(fields, shown)).toMatchObject({
      apiKey: "[redacted]",
      question: "What is my salary?",
      answer: "Secret stuff",
    });
  });

  it("scrubs keys, tokens and URL passwords out of free text, nested values included", () => {
    const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJl";
    const fields = {
      detail: `call with Bearer abc.def failed; key sk-proj-1234567890abc; ${jwt}`,
      nested: {
        urls: ["postgres://app:hunter2@db:5432/x", "https://example.com/a"],
        key: "cfs_0123456789abcdef",
      },
    };
    expect(redactFields(fields, shown)).toEqual({
      detail: "call with Bearer [redacted] failed; key sk-[redacted]; [redacted jwt]",
      nested: {
        urls: ["postgres://app:[redacted]@db:5432/x", "https://example.com/a"],
        key: "cfs_[redacted]",
      },
    });
  });

  it("keeps an error's first line and frames, not the argument dump after it, unless LOG_CONTENT", () => {
    const error = new Error(
      'Invalid `prisma.chatMessage.createMany()` invocation:\n  content: "What is my salary?"',
      {
        cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
      },
    );
    const logged = redactFields({ error }, hidden).error as Record<string, any>;
    expect(logged.name).toBe("Error");
    expect(logged.message).toBe("Invalid `prisma.chatMessage.createMany()` invocation:");
    expect(logged.stack).toMatch(/^\s+at /);
    expect(JSON.stringify(logged)).not.toContain("salary");
    expect(logged.cause).toMatchObject({ message: "connect ECONNREFUSED", code: "ECONNREFUSED" });
    expect(JSON.stringify(redactFields({ error }, shown))).toContain("salary");
  });
});
