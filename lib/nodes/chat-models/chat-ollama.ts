import { createOpenAICompatibleModel } from "@/lib/models";
import { defineNode, param } from "../define";

export const chatOllama = defineNode({
  name: "chatOllama",
  label: "ChatOllama",
  version: 1,
  category: "Chat Models",
  description: "Chat models served by Ollama, through its OpenAI-compatible API",
  baseClasses: ["ChatOllama", "BaseChatModel", "BaseLanguageModel", "Runnable"],
  inputs: {
    baseUrl: param.string({ label: "Base URL", default: "http://localhost:11434", overridable: false }),
    modelName: param.string({ label: "Model Name", placeholder: "llama3.2" }),
    temperature: param.number({ default: 0.9 }),
    maxTokens: param.number({ label: "Max Tokens", optional: true, additionalParams: true }),
    topP: param.number({ label: "Top Probability", optional: true, additionalParams: true }),
    streaming: param.boolean({ default: true, additionalParams: true }),
  },
  init({ inputs }) {
    return createOpenAICompatibleModel({
      provider: "ollama",
      baseURL: toOpenAIBaseUrl(inputs.baseUrl),
      apiKey: "ollama",
      modelName: inputs.modelName,
      settings: { temperature: inputs.temperature, maxTokens: inputs.maxTokens, topP: inputs.topP },
      streaming: inputs.streaming,
    });
  },
});

/** Ollama serves the OpenAI API under `/v1` of its base URL. */
export function toOpenAIBaseUrl(baseUrl: string): string {
  const trimmed = baseUrl.trim().replace(/\/+$/, "");
  return trimmed.endsWith("/v1") ? trimmed : `${trimmed}/v1`;
}
