// Chatflows the benchmark runs, in the Flowise shape the API stores: nodes plus edges derived from
// their `{{id.data.instance}}` references.

function flowData(nodes) {
  const edges = nodes.flatMap((node) =>
    Object.entries(node.inputs).flatMap(([input, value]) =>
      (Array.isArray(value) ? value : [value]).flatMap((text) => {
        const match = typeof text === "string" ? text.match(/^\{\{(\w+)\.data\.instance\}\}$/) : null;
        if (!match) return [];
        return [
          {
            id: `${match[1]}-${node.id}-${input}`,
            source: match[1],
            sourceHandle: `${match[1]}-output`,
            target: node.id,
            targetHandle: `${node.id}-input-${input}`,
          },
        ];
      }),
    ),
  );
  return JSON.stringify({
    nodes: nodes.map((node, index) => ({
      id: node.id,
      position: { x: index * 300, y: 100 },
      type: "customNode",
      data: { id: node.id, name: node.name, label: node.name, inputs: node.inputs },
    })),
    edges,
  });
}

const chatModel = (modelName) => ({
  id: "chatOpenAI_0",
  name: "chatOpenAI",
  inputs: { modelName, temperature: 0.9 },
});

/** Chat model → conversation chain with buffer memory: the everyday chatflow. */
export const conversationFlow = (modelName = "mock-model") =>
  flowData([
    chatModel(modelName),
    { id: "bufferMemory_0", name: "bufferMemory", inputs: { memoryKey: "chat_history" } },
    {
      id: "conversationChain_0",
      name: "conversationChain",
      inputs: { model: "{{chatOpenAI_0.data.instance}}", memory: "{{bufferMemory_0.data.instance}}" },
    },
  ]);

/** Embeddings → Chroma, nothing else: the target of upserts. */
export const storeFlow = () =>
  flowData([
    { id: "openAIEmbeddings_0", name: "openAIEmbeddings", inputs: { modelName: "mock-embed" } },
    { id: "chroma_0", name: "chroma", inputs: { embeddings: "{{openAIEmbeddings_0.data.instance}}" } },
  ]);

/** Embeddings → Chroma → retrieval QA chain with the chat model: retrieval in a prediction. */
export const retrievalFlow = () =>
  flowData([
    { id: "openAIEmbeddings_0", name: "openAIEmbeddings", inputs: { modelName: "mock-embed" } },
    { id: "chroma_0", name: "chroma", inputs: { embeddings: "{{openAIEmbeddings_0.data.instance}}" } },
    chatModel("mock-model"),
    {
      id: "retrievalQAChain_0",
      name: "retrievalQAChain",
      inputs: { model: "{{chatOpenAI_0.data.instance}}", vectorStoreRetriever: "{{chroma_0.data.instance}}" },
    },
  ]);

const words =
  "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa quebec romeo sierra tango".split(
    " ",
  );

/** A deterministic sentence per number: documents for upserts and queries. */
export const sentence = (seed) =>
  `Chunk ${seed}: ` +
  Array.from(
    { length: 12 },
    (_, i) => words[(seed * 7 + i * 13 + Math.floor(seed / 20)) % words.length],
  ).join(" ") +
  ` ${seed}.`;
