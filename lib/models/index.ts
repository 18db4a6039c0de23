export { callModel, type ModelCall, type ModelCallResult } from "./call-model";
export { ModelProviderError } from "./errors";
export { createOpenAICompatibleModel, type OpenAICompatibleModelConfig } from "./openai-compatible";
export type { ChatModel, ChatTurn, ModelSettings, ModelTool, TokenUsage, ToolInputSchema, UsedTool } from "./types";
