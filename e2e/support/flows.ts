// Flowise-shaped flowData for seeding chatflows over HTTP (the canvas reads any such flow; labels,
// anchors and params are filled from the node catalog).

interface SeedNode {
  id: string;
  name: string;
  inputs?: Record<string, unknown>;
  position: { x: number; y: number };
}

const node = ({ id, name, inputs = {}, position }: SeedNode) => ({
  id,
  type: "customNode",
  position,
  data: { id, name, inputs },
});

const edge = (source: string, sourceHandle: string, target: string, targetHandle: string) => ({
  id: `${source}-${target}-${targetHandle}`,
  source,
  sourceHandle: `${source}-output-${sourceHandle}`,
  target,
  targetHandle: `${target}-input-${targetHandle}`,
});

/** ChatOpenAI (mock model) + Buffer Memory → Conversation Chain. */
export function conversationFlow(modelName = "mock-model") {
  return JSON.stringify({
    nodes: [
      node({
        id: "chatOpenAI_0",
        name: "chatOpenAI",
        position: { x: 0, y: 0 },
        inputs: { modelName, temperature: 0.2 },
      }),
      node({ id: "bufferMemory_0", name: "bufferMemory", position: { x: 0, y: 420 } }),
      node({
        id: "conversationChain_0",
        name: "conversationChain",
        position: { x: 420, y: 120 },
        inputs: { model: "{{chatOpenAI_0.data.instance}}", memory: "{{bufferMemory_0.data.instance}}" },
      }),
    ],
    edges: [
      edge(
        "chatOpenAI_0",
        "chatOpenAI-ChatOpenAI|BaseChatModel|BaseLanguageModel|Runnable",
        "conversationChain_0",
        "model-BaseChatModel",
      ),
      edge(
        "bufferMemory_0",
        "bufferMemory-BufferMemory|BaseChatMemory|BaseMemory",
        "conversationChain_0",
        "memory-BaseMemory",
      ),
    ],
  });
}

/** ChatOpenAI + Custom Tool (no tool chosen yet) → Tool Agent. */
export function agentFlow(selectedTool = "") {
  return JSON.stringify({
    nodes: [
      node({
        id: "chatOpenAI_0",
        name: "chatOpenAI",
        position: { x: 0, y: 0 },
        inputs: { modelName: "mock-model" },
      }),
      node({ id: "customTool_0", name: "customTool", position: { x: 0, y: 420 }, inputs: { selectedTool } }),
      node({
        id: "toolAgent_0",
        name: "toolAgent",
        position: { x: 420, y: 100 },
        inputs: { model: "{{chatOpenAI_0.data.instance}}", tools: ["{{customTool_0.data.instance}}"] },
      }),
    ],
    edges: [
      edge(
        "chatOpenAI_0",
        "chatOpenAI-ChatOpenAI|BaseChatModel|BaseLanguageModel|Runnable",
        "toolAgent_0",
        "model-BaseChatModel",
      ),
      edge("customTool_0", "customTool-CustomTool|Tool|StructuredTool|Runnable", "toolAgent_0", "tools-Tool"),
    ],
  });
}

/** Text File (with a splitter) → Chroma ← OpenAI Embeddings; Chroma's retriever → Retrieval QA Chain. */
export function retrievalFlow() {
  return JSON.stringify({
    nodes: [
      node({
        id: "textFile_0",
        name: "textFile",
        position: { x: 0, y: 0 },
        inputs: { textSplitter: "{{recursiveCharacterTextSplitter_0.data.instance}}" },
      }),
      node({
        id: "recursiveCharacterTextSplitter_0",
        name: "recursiveCharacterTextSplitter",
        position: { x: -420, y: 0 },
        inputs: { chunkSize: 200, chunkOverlap: 20 },
      }),
      node({
        id: "openAIEmbeddings_0",
        name: "openAIEmbeddings",
        position: { x: 0, y: 420 },
        inputs: { modelName: "mock-embed" },
      }),
      node({
        id: "chroma_0",
        name: "chroma",
        position: { x: 420, y: 100 },
        inputs: {
          document: ["{{textFile_0.data.instance}}"],
          embeddings: "{{openAIEmbeddings_0.data.instance}}",
        },
      }),
      node({
        id: "chatOpenAI_0",
        name: "chatOpenAI",
        position: { x: 420, y: 600 },
        inputs: { modelName: "mock-model" },
      }),
      node({
        id: "retrievalQAChain_0",
        name: "retrievalQAChain",
        position: { x: 840, y: 200 },
        inputs: {
          model: "{{chatOpenAI_0.data.instance}}",
          vectorStoreRetriever: "{{chroma_0.data.instance}}",
        },
      }),
    ],
    edges: [
      edge(
        "recursiveCharacterTextSplitter_0",
        "recursiveCharacterTextSplitter-RecursiveCharacterTextSplitter|TextSplitter",
        "textFile_0",
        "textSplitter-TextSplitter",
      ),
      edge("textFile_0", "textFile-Document", "chroma_0", "document-Document"),
      edge(
        "openAIEmbeddings_0",
        "openAIEmbeddings-OpenAIEmbeddings|Embeddings",
        "chroma_0",
        "embeddings-Embeddings",
      ),
      edge(
        "chroma_0",
        "retriever-Chroma|VectorStoreRetriever|BaseRetriever",
        "retrievalQAChain_0",
        "vectorStoreRetriever-BaseRetriever",
      ),
      edge(
        "chatOpenAI_0",
        "chatOpenAI-ChatOpenAI|BaseChatModel|BaseLanguageModel|Runnable",
        "retrievalQAChain_0",
        "model-BaseLanguageModel",
      ),
    ],
  });
}
