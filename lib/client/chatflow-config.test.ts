import { describe, expect, it } from "vitest";
import { parseOrigins, readAccess, readAppearance, writeAccess, writeAppearance } from "./chatflow-config";

describe("chatflow settings", () => {
  it("keeps unknown chatbotConfig keys and writes starter prompts in Flowise's shape", () => {
    const stored = JSON.stringify({
      title: "Old",
      renderHTML: true,
      starterPrompts: { 0: { prompt: "Hi" } },
      textInput: { maxChars: 50 },
    });
    const appearance = {
      ...readAppearance(stored),
      title: "Support",
      starterPrompts: ["Hi", " ", "Prices?"],
    };
    expect(readAppearance(stored).starterPrompts).toEqual(["Hi"]);
    const written = JSON.parse(writeAppearance(stored, appearance));
    expect(written).toMatchObject({
      title: "Support",
      renderHTML: true,
      starterPrompts: { 0: { prompt: "Hi" }, 1: { prompt: "Prices?" } },
      textInput: { maxChars: 50, sendButtonColor: "#4f46e5" },
    });
  });

  it("reads and writes the rate limit and the override permission", () => {
    const access = readAccess(null);
    expect(access).toEqual({
      rateLimitEnabled: false,
      limitMax: "",
      limitDuration: "",
      limitMsg: "",
      allowOverrides: true,
    });
    const written = JSON.parse(
      writeAccess(null, {
        ...access,
        rateLimitEnabled: true,
        limitMax: "5",
        limitDuration: "60",
        allowOverrides: false,
      }),
    );
    expect(written).toEqual({
      rateLimit: { status: true, limitMax: 5, limitDuration: 60 },
      overrideConfig: { status: false },
    });
    expect(readAccess(JSON.stringify(written))).toMatchObject({ limitMax: "5", allowOverrides: false });
  });

  it("splits origins on lines and commas", () => {
    expect(parseOrigins("https://a.example\n https://b.example, \n")).toEqual([
      "https://a.example",
      "https://b.example",
    ]);
  });
});
