import { describe, expect, it } from "vitest";
import { resolveOverrides } from "./overrides";

describe("resolveOverrides", () => {
  it("splits HTTP-level keys from node inputs and caps maxTokens", () => {
    expect(
      resolveOverrides(
        {
          sessionId: " s-1 ",
          temperature: 0.2,
          maxTokens: 99_999,
          systemMessage: "Be brief",
          modelName: "gpt-x",
          webhookUrl: "https://hooks.example.com/x",
          webhookMethod: "put",
        },
        true,
        4096,
      ),
    ).toEqual({
      sessionId: "s-1",
      webhook: { url: "https://hooks.example.com/x", method: "PUT" },
      nodeOverrides: { temperature: 0.2, maxTokens: 4096, systemMessage: "Be brief", modelName: "gpt-x" },
      isIgnored: false,
    });
  });

  it("keeps a maxTokens under the cap and reads numbers sent as strings", () => {
    expect(resolveOverrides({ maxTokens: "12", temperature: "1" }, true, 4096).nodeOverrides).toEqual({
      maxTokens: 12,
      temperature: 1,
    });
  });

  it("accepts per-node values and caps each maxTokens", () => {
    expect(
      resolveOverrides({ temperature: { chatOpenAI_0: 0.1 }, maxTokens: { a: 10, b: 10_000 } }, true, 4096)
        .nodeOverrides,
    ).toEqual({ temperature: { chatOpenAI_0: 0.1 }, maxTokens: { a: 10, b: 4096 } });
  });

  it("defaults the webhook method to POST", () => {
    expect(resolveOverrides({ webhookUrl: "http://hooks.example.com" }, true).webhook).toEqual({
      url: "http://hooks.example.com",
      method: "POST",
    });
  });

  it("ignores everything when the chatflow disables overrides", () => {
    expect(resolveOverrides({ temperature: 5, sessionId: "s", webhookUrl: "nope" }, false)).toEqual({
      nodeOverrides: {},
      isIgnored: true,
    });
    expect(resolveOverrides({}, false)).toEqual({ nodeOverrides: {}, isIgnored: false });
  });

  it("refuses malformed known keys with 400 naming the field", () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ temperature: 3 }, "overrideConfig.temperature"],
      [{ temperature: "hot" }, "overrideConfig.temperature"],
      [{ temperature: { chatOpenAI_0: 9 } }, "overrideConfig.temperature.chatOpenAI_0"],
      [{ maxTokens: -1 }, "overrideConfig.maxTokens"],
      [{ maxTokens: 1.5 }, "overrideConfig.maxTokens"],
      [{ sessionId: "" }, "overrideConfig.sessionId"],
      [{ webhookUrl: "ftp://x.example" }, "overrideConfig.webhookUrl"],
      [{ webhookUrl: "https://x.example", webhookMethod: "GET" }, "overrideConfig.webhookMethod"],
    ];
    for (const [raw, path] of cases) {
      expect(() => resolveOverrides(raw, true), JSON.stringify(raw)).toThrow(
        expect.objectContaining({ statusCode: 400, details: [expect.objectContaining({ path })] }),
      );
    }
  });

  it("drops keys that would reach a prototype", () => {
    const raw = JSON.parse('{"__proto__": {"polluted": true}, "constructor": 1, "topP": 0.5}');
    expect(resolveOverrides(raw, true).nodeOverrides).toEqual({ topP: 0.5 });
  });
});
