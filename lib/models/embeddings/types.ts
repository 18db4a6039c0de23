/** A configured embeddings model: what an embeddings node builds and vector stores call. */
export interface Embeddings {
  /** Shown in errors: "openai", "ollama". */
  provider: string;
  modelName: string;
  /** Requested vector length, when the node asked for one. */
  dimensions?: number;
  /** One vector per text, in order. Throws EmbeddingsProviderError when the provider fails. */
  embedDocuments(texts: string[], options?: { signal?: AbortSignal }): Promise<number[][]>;
  embedQuery(text: string, options?: { signal?: AbortSignal }): Promise<number[]>;
}
