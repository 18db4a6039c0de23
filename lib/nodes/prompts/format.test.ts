import { describe, expect, it } from "vitest";
import { formatTemplate, listTemplateVariables, renderPrompt } from "./format";

describe("prompt templates", () => {
  it("lists variables once each, ignoring doubled braces", () => {
    expect(listTemplateVariables("Translate {text} from {lang} to {lang}. Literal {{braces}}")).toEqual(["text", "lang"]);
  });

  it("fills variables in one pass, so braces inside values stay as they are", () => {
    expect(formatTemplate("Say {a} and {{b}}", { a: "{b} and {{c}}" })).toBe("Say {b} and {{c}} and {b}");
  });

  it("writes non-text values as JSON and unknown variables as empty", () => {
    expect(formatTemplate("{n} {o} {missing}", { n: 3, o: { k: 1 } })).toBe('3 {"k":1} ');
  });

  it("gives the question to variables without a value", () => {
    const prompt = { kind: "prompt" as const, format: "string" as const, template: "Name for {product} in {style}", values: { style: "one word" } };
    expect(renderPrompt(prompt, "socks")).toEqual({ user: "Name for socks in one word" });
  });

  it("renders a chat prompt's system and human messages from the same values", () => {
    const prompt = {
      kind: "prompt" as const,
      format: "chat" as const,
      systemTemplate: "Translate {from} to {to}.",
      template: "{text}",
      values: { from: "English", to: "French", text: "" },
    };
    expect(renderPrompt(prompt, "Good morning")).toEqual({ system: "Translate English to French.", user: "Good morning" });
  });
});
