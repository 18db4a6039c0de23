import type { LanguageModel } from "ai";

/** A message of the conversation as the engine passes it around (history, prompts). */
export interface ChatTurn {
  role: "user" | "assistant";
  content: string;
}

/** Sampling settings sent with every call of a model. */
export interface ModelSettings {
  temperature?: number;
  maxTokens?: number;
  topP?: number;
}

/** A configured chat model: what a chat-model node builds per request and chains and agents call. */
export interface ChatModel {
  provider: string;
  modelName: string;
  settings: ModelSettings;
  /** False when the node asked for complete answers only (the provider is then called without `stream`). */
  streaming: boolean;
  /** Per-call limit; the call fails as a provider error when it is exceeded. */
  timeoutMs?: number;
  languageModel: LanguageModel;
}

/** JSON Schema of a tool's arguments (always an object schema). */
export type ToolInputSchema = { type: "object"; properties?: Record<string, unknown>; required?: string[] } & Record<
  string,
  unknown
>;

/** A function the model may call. Errors must be returned as text, not thrown, so the model can react. */
export interface ModelTool {
  name: string;
  description: string;
  inputSchema: ToolInputSchema;
  /** The tool's output is the final answer: the agent stops after calling it. */
  returnDirect?: boolean;
  execute(input: Record<string, unknown>, options: { signal: AbortSignal }): Promise<string>;
}

export interface UsedTool {
  tool: string;
  toolInput: Record<string, unknown>;
  toolOutput: string;
}

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}
