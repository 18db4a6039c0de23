import { describe, expect, it } from "vitest";
import {
  curlSnippet,
  curlStreamingSnippet,
  embedSnippet,
  javascriptSnippet,
  pythonSnippet,
} from "./snippets";

const options = { origin: "https://studio.example", chatflowId: "cf-1", needsApiKey: true };

describe("API snippets", () => {
  it("calls the prediction endpoint with the key when the chatflow needs one", () => {
    expect(curlSnippet(options)).toBe(
      [
        "curl https://studio.example/api/v1/prediction/cf-1 \\",
        "  -X POST \\",
        '  -H "Content-Type: application/json" \\',
        '  -H "Authorization: Bearer <your API key>" \\',
        `  -d '{"question": "Hey, how are you?"}'`,
      ].join("\n"),
    );
    expect(curlSnippet({ ...options, needsApiKey: false })).not.toContain("Authorization");
    expect(curlStreamingSnippet(options)).toContain(`"streaming": true`);
    expect(javascriptSnippet(options)).toContain('fetch("https://studio.example/api/v1/prediction/cf-1"');
    expect(javascriptSnippet(options)).toContain('Authorization: "Bearer <your API key>"');
    expect(pythonSnippet({ ...options, needsApiKey: false })).toContain(
      'API_URL = "https://studio.example/api/v1/prediction/cf-1"',
    );
  });

  it("embeds the chatbot as a module script with the flow id and host", () => {
    expect(embedSnippet(options)).toBe(`<script type="module">
  import Chatbot from "https://studio.example/embed.js";
  Chatbot.init({
    chatflowid: "cf-1",
    apiHost: "https://studio.example",
  });
</script>`);
  });
});
