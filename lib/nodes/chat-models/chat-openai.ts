import { env } from "@/lib/env";
import { createOpenAICompatibleModel } from "@/lib/models";
import { defineNode, param } from "../define";
import { nodeError } from "../errors";

const openAIBaseUrl = "https://api.openai.com/v1";

export const chatOpenAI = defineNode({
  name: "chatOpenAI",
  label: "ChatOpenAI",
  version: 1,
  category: "Chat Models",
  description: "OpenAI chat models, or any server with an OpenAI-compatible chat completions API",
  baseClasses: ["ChatOpenAI", "BaseChatModel", "BaseLanguageModel", "Runnable"],
  credential: { credentialNames: ["openAIApi"], optional: true },
  inputs: {
    modelName: param.string({ label: "Model Name", default: "gpt-4o-mini" }),
    temperature: param.number({ default: 0.9 }),
    maxTokens: param.number({ label: "Max Tokens", optional: true, additionalParams: true }),
    topP: param.number({ label: "Top Probability", optional: true, additionalParams: true }),
    streaming: param.boolean({ default: true, additionalParams: true }),
    basepath: param.string({
      label: "BasePath",
      optional: true,
      additionalParams: true,
      overridable: false,
      description: "Base URL of an OpenAI-compatible API, e.g. http://localhost:1234/v1",
    }),
    timeout: param.number({ optional: true, additionalParams: true, description: "Milliseconds per model call" }),
  },
  init({ inputs, credential, node }) {
    const baseURL = inputs.basepath || env.OPENAI_BASE_URL || openAIBaseUrl;
    const apiKey = stringOrUndefined(credential?.openAIApiKey) ?? env.OPENAI_API_KEY;
    if (!apiKey && baseURL === openAIBaseUrl) {
      throw nodeError(node, "has no OpenAI API key: connect an openAIApi credential or set OPENAI_API_KEY");
    }
    return createOpenAICompatibleModel({
      provider: "openai",
      baseURL,
      // Local OpenAI-compatible servers usually ignore the key, but the client insists on one.
      apiKey: apiKey ?? "not-needed",
      modelName: inputs.modelName,
      settings: { temperature: inputs.temperature, maxTokens: inputs.maxTokens, topP: inputs.topP },
      streaming: inputs.streaming,
      timeoutMs: inputs.timeout,
    });
  },
});

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}
