import { callModel as callModelQuietly, type ChatTurn } from "@/lib/models";
import { anchor, defineNode, param } from "../define";
import type { FlowRequest, NodeServices } from "../types";
import {
  defaultRephrasePrompt,
  defaultResponsePrompt,
  fillPrompt,
  formatContext,
  formatHistory,
} from "./retrieval-prompts";

/** Turns of stored conversation used when no memory node is connected. */
const defaultHistoryLimit = 20;

export const conversationalRetrievalQAChain = defineNode({
  name: "conversationalRetrievalQAChain",
  label: "Conversational Retrieval QA Chain",
  version: 1,
  category: "Chains",
  description:
    "A chat over documents: the question is rewritten with the conversation so far, the retriever finds chunks for it, and the model answers from them",
  baseClasses: ["ConversationalRetrievalQAChain", "BaseChain", "Runnable"],
  inputs: {
    model: anchor("BaseChatModel", { label: "Chat Model" }),
    vectorStoreRetriever: anchor("BaseRetriever", { label: "Vector Store Retriever" }),
    memory: anchor("BaseMemory", {
      optional: true,
      description: "Empty: the session's stored messages (or the request's history)",
    }),
    returnSourceDocuments: param.boolean({ label: "Return Source Documents", optional: true }),
    rephrasePrompt: param.string({
      label: "Rephrase Prompt",
      rows: 4,
      additionalParams: true,
      default: defaultRephrasePrompt,
      description: "Rewrites a follow-up question to stand alone; uses {chat_history} and {question}",
    }),
    responsePrompt: param.string({
      label: "Response Prompt",
      rows: 4,
      additionalParams: true,
      default: defaultResponsePrompt,
      description: "The system message of the answer; {context} receives the chunks found",
    }),
  },
  canStream: true,
  async run({ inputs, request, services, callModel }) {
    const history = inputs.memory?.messages ?? (await loadHistory(request, services));
    let query = request.question;
    if (history.length > 0) {
      // Not streamed: the caller sees only the answer's tokens.
      const prompt = fillPrompt(inputs.rephrasePrompt, {
        chat_history: formatHistory(history),
        question: request.question,
      });
      const rephrased = await callModelQuietly(inputs.model, {
        messages: [{ role: "user", content: prompt }],
        signal: request.signal,
      });
      query = rephrased.text.trim() || request.question;
    }
    const documents = await inputs.vectorStoreRetriever.retrieve(query, request.signal);
    const system = fillPrompt(inputs.responsePrompt, {
      context: formatContext(documents),
      question: request.question,
    });
    const result = await callModel(inputs.model, {
      system,
      messages: [...history, { role: "user", content: request.question }],
    });
    return { text: result.text, sourceDocuments: inputs.returnSourceDocuments ? documents : undefined };
  },
});

async function loadHistory(request: FlowRequest, services: NodeServices): Promise<ChatTurn[]> {
  if (request.history) return request.history.slice(-defaultHistoryLimit);
  return services.loadChatMessages({
    workspaceId: request.workspaceId,
    chatflowId: request.chatflowId,
    sessionId: request.sessionId,
    limit: defaultHistoryLimit,
  });
}
