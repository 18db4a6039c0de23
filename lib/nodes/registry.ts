import { toolAgent } from "./agents/tool-agent";
import { conversationChain } from "./chains/conversation-chain";
import { conversationalRetrievalQAChain } from "./chains/conversational-retrieval-qa-chain";
import { llmChain } from "./chains/llm-chain";
import { retrievalQAChain } from "./chains/retrieval-qa-chain";
import { chatOllama } from "./chat-models/chat-ollama";
import { chatOpenAI } from "./chat-models/chat-openai";
import { csvFile } from "./document-loaders/csv-file";
import { docxFile } from "./document-loaders/docx-file";
import { fileLoader } from "./document-loaders/file-loader";
import { jsonFile } from "./document-loaders/json-file";
import { pdfFile } from "./document-loaders/pdf-file";
import { plainText } from "./document-loaders/plain-text";
import { textFile } from "./document-loaders/text-file";
import { ollamaEmbeddings } from "./embeddings/ollama-embeddings";
import { openAIEmbeddings } from "./embeddings/openai-embeddings";
import { bufferMemory } from "./memory/buffer-memory";
import { bufferWindowMemory } from "./memory/buffer-window-memory";
import { chatPromptTemplate } from "./prompts/chat-prompt-template";
import { promptTemplate } from "./prompts/prompt-template";
import { retrieverTool } from "./retrievers/retriever-tool";
import { characterTextSplitter } from "./text-splitters/character-text-splitter";
import { markdownTextSplitter } from "./text-splitters/markdown-text-splitter";
import { recursiveCharacterTextSplitter } from "./text-splitters/recursive-character-text-splitter";
import { tokenTextSplitter } from "./text-splitters/token-text-splitter";
import { calculator } from "./tools/calculator";
import { customTool } from "./tools/custom-tool";
import type { NodeDefinition } from "./types";
import { stickyNote } from "./utilities/sticky-note";
import { chroma } from "./vector-stores/chroma";
import { memoryVectorStore } from "./vector-stores/memory-vector-store";

// Every node type, in palette order. Adding a node: its file, plus one line here.
const definitions: NodeDefinition[] = [
  chatOpenAI,
  chatOllama,
  promptTemplate,
  chatPromptTemplate,
  llmChain,
  conversationChain,
  retrievalQAChain,
  conversationalRetrievalQAChain,
  bufferMemory,
  bufferWindowMemory,
  toolAgent,
  customTool,
  calculator,
  retrieverTool,
  openAIEmbeddings,
  ollamaEmbeddings,
  chroma,
  memoryVectorStore,
  recursiveCharacterTextSplitter,
  characterTextSplitter,
  markdownTextSplitter,
  tokenTextSplitter,
  plainText,
  textFile,
  pdfFile,
  docxFile,
  csvFile,
  jsonFile,
  fileLoader,
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
