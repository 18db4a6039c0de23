import { beforeAll, describe, expect, it } from "vitest";
import { createMember, mockRequests, type Member } from "../support/api";
import { createChatflow, parseSse, predict } from "./prediction-helpers";
import { chatModelNode, storeFlow, upsert, type FlowNode } from "./upsert-helpers";

// Predictions that answer from upserted chunks: retrieval chains, metadata filters, retriever tools.

const facts = [
  {
    pageContent: "The lighthouse keeper feeds the seagulls every morning at dawn.",
    metadata: { topic: "coast" },
  },
  {
    pageContent: "Volcanic basalt columns cool slowly into hexagonal shapes.",
    metadata: { topic: "geology" },
  },
  {
    pageContent: "Sourdough bread rises overnight thanks to wild yeast cultures.",
    metadata: { topic: "baking" },
  },
  { pageContent: "Granite quarries supply stone for old harbour walls.", metadata: { topic: "geology" } },
];

const retrievalChain: FlowNode = {
  id: "retrievalQAChain_0",
  name: "retrievalQAChain",
  inputs: { model: "{{chatOpenAI_0.data.instance}}", vectorStoreRetriever: "{{chroma_0.data.instance}}" },
};

let member: Member;
beforeAll(async () => {
  member = await createMember();
});

async function flowWithFacts(consumers: FlowNode[], storeInputs: Record<string, unknown> = {}) {
  const chatflow = await createChatflow(member, {
    flowData: storeFlow({ consumers: [chatModelNode, ...consumers], storeInputs }),
  });
  const stored = await upsert(chatflow.id, { documents: facts }, { token: member.token });
  expect(stored.body).toMatchObject({ status: "success", numAdded: facts.length });
  return chatflow;
}

const contents = (documents: Array<{ pageContent: string }>) =>
  documents.map((document) => document.pageContent);

describe("retrievalQAChain", () => {
  it("answers with the chunks it found, the most relevant first, and gives them to the model", async () => {
    const chatflow = await flowWithFacts([retrievalChain]);
    const question = "Who feeds the seagulls at the lighthouse?";
    const response = await predict(chatflow.id, { question });
    expect(response.status).toBe(200);
    expect(response.body.text).toBe(`Echo: ${question}`);
    expect(response.body.sourceDocuments).toHaveLength(4);
    expect(response.body.sourceDocuments[0]).toEqual({
      pageContent: facts[0].pageContent,
      metadata: { topic: "coast", chunk: 0, lineFrom: 1, lineTo: 1 },
    });
    const [sent] = (await mockRequests(question)).filter((call) => call.path.endsWith("/chat/completions"));
    const system = sent.body.messages.find((message: { role: string }) => message.role === "system");
    expect(system.content).toContain(`[1] ${facts[0].pageContent}`);
  });

  it("sends the sourceDocuments in the metadata event of a streamed answer", async () => {
    const chatflow = await flowWithFacts([retrievalChain], { topK: 1 });
    const response = await predict(chatflow.id, {
      question: "How does sourdough bread rise?",
      streaming: true,
    });
    const events = parseSse(response.body);
    const metadata = events.find((event) => event.event === "metadata");
    expect(contents(metadata?.data.sourceDocuments)).toEqual([facts[2].pageContent]);
  });

  it("retrieves only chunks matching the Chroma metadata filter, topK of them", async () => {
    const chatflow = await flowWithFacts([retrievalChain], {
      chromaMetadataFilter: '{"topic": "geology"}',
      topK: 5,
    });
    const response = await predict(chatflow.id, { question: "Who feeds the seagulls at the lighthouse?" });
    expect(contents(response.body.sourceDocuments).sort()).toEqual(
      [facts[1].pageContent, facts[3].pageContent].sort(),
    );
  });

  it("reads a collection that another chatflow of the workspace filled", async () => {
    const shared = { collectionName: "retrieval-shared" };
    await flowWithFacts([], shared);
    const reader = await createChatflow(member, {
      flowData: storeFlow({
        loaders: [],
        withSplitter: false,
        storeInputs: shared,
        consumers: [chatModelNode, retrievalChain],
      }),
    });
    const response = await predict(reader.id, { question: "What are granite quarries for?" });
    expect(contents(response.body.sourceDocuments)[0]).toBe(facts[3].pageContent);
  });
});

describe("conversationalRetrievalQAChain", () => {
  // A rephrase prompt the echoing mock model turns into a useful query: the history, then the question.
  const rephrasePrompt = "Rephrase: {chat_history}\nFollow-up: {question}";
  const chain = (returnSourceDocuments: boolean): FlowNode => ({
    id: "conversationalRetrievalQAChain_0",
    name: "conversationalRetrievalQAChain",
    inputs: {
      model: "{{chatOpenAI_0.data.instance}}",
      vectorStoreRetriever: "{{chroma_0.data.instance}}",
      returnSourceDocuments,
      rephrasePrompt,
    },
  });
  const chatCalls = async (marker: string) =>
    (await mockRequests(marker)).filter((call) => call.path.endsWith("/chat/completions"));

  it("rephrases a follow-up with the history, retrieves for it and streams only the answer", async () => {
    const chatflow = await flowWithFacts([chain(true)], { topK: 2 });
    const history = [
      { role: "user", content: "Tell me about sourdough bread." },
      { role: "assistant", content: "It is bread made with wild yeast." },
    ];
    const question = "How long does it take?";
    const response = await predict(chatflow.id, { question, history, streaming: true });
    const events = parseSse(response.body);
    const tokens = events
      .filter((event) => event.data.event === "token")
      .map((event) => event.data.data)
      .join("");
    expect(tokens).toBe(`Echo: ${question}`);
    const metadata = events.find((event) => event.event === "metadata");
    expect(contents(metadata?.data.sourceDocuments)[0]).toBe(facts[2].pageContent);

    const rephrased =
      "Rephrase: Human: Tell me about sourdough bread.\nAssistant: It is bread made with wild yeast.\nFollow-up: How long does it take?";
    const [rephrase] = await chatCalls("Rephrase: Human: Tell me about sourdough");
    expect(rephrase.body.messages).toEqual([{ role: "user", content: rephrased }]);
    const embedded = (await mockRequests("Follow-up: How long does it take?")).filter((call) =>
      call.path.endsWith("/embeddings"),
    );
    expect(embedded.map((call) => call.body.input)).toContainEqual([`Echo: ${rephrased}`]);
    const answer = (await chatCalls(question)).find((call) => call.body.messages[0].role === "system");
    expect(answer?.body.messages.map((message: { role: string }) => message.role)).toEqual([
      "system",
      "user",
      "assistant",
      "user",
    ]);
  });

  it("uses the stored session as history and returns no sourceDocuments unless asked", async () => {
    const chatflow = await flowWithFacts([chain(false)]);
    const first = await predict(chatflow.id, {
      question: "Tell me about basalt columns.",
      chatId: "crqa-session",
    });
    expect(first.status).toBe(200);
    expect(first.body.sourceDocuments).toEqual([]);
    expect(await chatCalls("Rephrase: Human: Tell me about basalt columns.")).toHaveLength(0);
    const second = await predict(chatflow.id, { question: "Why that shape?", chatId: "crqa-session" });
    expect(second.status).toBe(200);
    expect(await chatCalls("Rephrase: Human: Tell me about basalt columns.")).toHaveLength(1);
  });
});

describe("retrieverTool", () => {
  it("lets an agent search the store and returns what it found as sourceDocuments", async () => {
    const tool: FlowNode = {
      id: "retrieverTool_0",
      name: "retrieverTool",
      inputs: {
        name: "search docs",
        description: "Searches the facts",
        retriever: "{{chroma_0.data.instance}}",
        returnSourceDocuments: true,
      },
    };
    const agent: FlowNode = {
      id: "toolAgent_0",
      name: "toolAgent",
      inputs: { model: "{{chatOpenAI_0.data.instance}}", tools: ["{{retrieverTool_0.data.instance}}"] },
    };
    const chatflow = await flowWithFacts([tool, agent], { topK: 1 });
    const question = 'Look it up [[tool:search_docs {"input":"lighthouse seagulls dawn"}]]';
    const response = await predict(chatflow.id, { question });
    expect(response.status).toBe(200);
    expect(response.body.text).toBe(`Tool said: ${facts[0].pageContent}`);
    expect(response.body.usedTools).toEqual([
      {
        tool: "search_docs",
        toolInput: { input: "lighthouse seagulls dawn" },
        toolOutput: facts[0].pageContent,
      },
    ]);
    expect(contents(response.body.sourceDocuments)).toEqual([facts[0].pageContent]);
  });
});
