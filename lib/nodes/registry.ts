import { toolAgent } from "./agents/tool-agent";
import { conversationChain } from "./chains/conversation-chain";
import { llmChain } from "./chains/llm-chain";
import { chatOllama } from "./chat-models/chat-ollama";
import { chatOpenAI } from "./chat-models/chat-openai";
import { bufferMemory } from "./memory/buffer-memory";
import { bufferWindowMemory } from "./memory/buffer-window-memory";
import { chatPromptTemplate } from "./prompts/chat-prompt-template";
import { promptTemplate } from "./prompts/prompt-template";
import { calculator } from "./tools/calculator";
import { customTool } from "./tools/custom-tool";
import type { NodeDefinition } from "./types";
import { stickyNote } from "./utilities/sticky-note";

// Every node type, in palette order. Adding a node: its file, plus one line here.
const definitions: NodeDefinition[] = [
  chatOpenAI,
  chatOllama,
  promptTemplate,
  chatPromptTemplate,
  llmChain,
  conversationChain,
  bufferMemory,
  bufferWindowMemory,
  toolAgent,
  customTool,
  calculator,
  stickyNote,
];

const byName = new Map(definitions.map((definition) => [definition.name, definition]));
if (byName.size !== definitions.length) throw new Error("Two node definitions share a name");

export function findNodeDefinition(name: string): NodeDefinition | undefined {
  return byName.get(name);
}

export function listNodeDefinitions(): readonly NodeDefinition[] {
  return definitions;
}

/** Nodes that only annotate the canvas: never validated, never run. */
export const isAnnotationNode = (name: string) => name === stickyNote.name;
