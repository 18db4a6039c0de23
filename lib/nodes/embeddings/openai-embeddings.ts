import { env } from "@/lib/env";
import { createOpenAICompatibleEmbeddings } from "@/lib/models/embeddings";
import { defineNode, param } from "../define";
import { nodeError } from "../errors";

const openAIBaseUrl = "https://api.openai.com/v1";

export const openAIEmbeddings = defineNode({
  name: "openAIEmbeddings",
  label: "OpenAI Embeddings",
  version: 1,
  category: "Embeddings",
  description: "OpenAI embeddings, or any server with an OpenAI-compatible embeddings API",
  baseClasses: ["OpenAIEmbeddings", "Embeddings"],
  credential: { credentialNames: ["openAIApi"], optional: true },
  inputs: {
    modelName: param.string({ label: "Model Name", default: "text-embedding-3-small" }),
    stripNewLines: param.boolean({ label: "Strip New Lines", optional: true, additionalParams: true }),
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
    basepath: param.string({
      label: "BasePath",
      optional: true,
      additionalParams: true,
      overridable: false,
      description: "Base URL of an OpenAI-compatible API, e.g. http://localhost:1234/v1",
    }),
    dimensions: param.number({
      optional: true,
      additionalParams: true,
      description: "Vector length, for models that can shorten theirs (text-embedding-3-*)",
    }),
  },
  init({ inputs, credential, node }) {
    const baseURL = inputs.basepath || env.OPENAI_BASE_URL || openAIBaseUrl;
    const key = credential?.openAIApiKey;
    const apiKey = typeof key === "string" && key.trim() !== "" ? key.trim() : env.OPENAI_API_KEY;
    if (!apiKey && baseURL === openAIBaseUrl) {
      throw nodeError(node, "has no OpenAI API key: connect an openAIApi credential or set OPENAI_API_KEY");
    }
    if (inputs.dimensions !== undefined && !(Number.isInteger(inputs.dimensions) && inputs.dimensions > 0)) {
      throw nodeError(node, 'input "dimensions" must be a positive integer');
    }
    return createOpenAICompatibleEmbeddings({
      provider: "openai",
      baseURL,
      // Local OpenAI-compatible servers usually ignore the key, but the client insists on one.
      apiKey: apiKey ?? "not-needed",
      modelName: inputs.modelName,
      dimensions: inputs.dimensions,
      batchSize: inputs.batchSize,
      stripNewLines: inputs.stripNewLines,
      timeoutMs: inputs.timeout,
    });
  },
});
