import { createOpenAICompatibleEmbeddings } from "@/lib/models/embeddings";
import { toOpenAIBaseUrl } from "../chat-models/chat-ollama";
import { defineNode, param } from "../define";

export const ollamaEmbeddings = defineNode({
  name: "ollamaEmbeddings",
  label: "Ollama Embeddings",
  version: 1,
  category: "Embeddings",
  description: "Embeddings served by Ollama, through its OpenAI-compatible API",
  baseClasses: ["OllamaEmbeddings", "Embeddings"],
  inputs: {
    baseUrl: param.string({ label: "Base URL", default: "http://localhost:11434", overridable: false }),
    modelName: param.string({ label: "Model Name", default: "nomic-embed-text" }),
    batchSize: param.number({
      label: "Batch Size",
      optional: true,
      additionalParams: true,
      description: "Texts per request (default 512)",
    }),
    timeout: param.number({
      optional: true,
      additionalParams: true,
      description: "Milliseconds per request",
    }),
  },
  init({ inputs }) {
    return createOpenAICompatibleEmbeddings({
      provider: "ollama",
      baseURL: toOpenAIBaseUrl(inputs.baseUrl),
      apiKey: "ollama",
      modelName: inputs.modelName,
      batchSize: inputs.batchSize,
      timeoutMs: inputs.timeout,
    });
  },
});
