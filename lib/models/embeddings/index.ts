export { EmbeddingsProviderError } from "./errors";
export {
  createOpenAICompatibleEmbeddings,
  mapWithConcurrency,
  type OpenAICompatibleEmbeddingsConfig,
} from "./openai-compatible";
export type { Embeddings } from "./types";
