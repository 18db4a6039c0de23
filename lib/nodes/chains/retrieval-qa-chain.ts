import { anchor, defineNode } from "../define";
import { defaultResponsePrompt, fillPrompt, formatContext } from "./retrieval-prompts";

export const retrievalQAChain = defineNode({
  name: "retrievalQAChain",
  label: "Retrieval QA Chain",
  version: 1,
  category: "Chains",
  description:
    "Answers from the chunks a retriever finds for the question, and returns them as sourceDocuments",
  baseClasses: ["RetrievalQAChain", "BaseChain", "Runnable"],
  inputs: {
    model: anchor("BaseLanguageModel", { label: "Language Model" }),
    vectorStoreRetriever: anchor("BaseRetriever", { label: "Vector Store Retriever" }),
  },
  canStream: true,
  async run({ inputs, request, callModel }) {
    const sourceDocuments = await inputs.vectorStoreRetriever.retrieve(request.question, request.signal);
    const system = fillPrompt(defaultResponsePrompt, { context: formatContext(sourceDocuments) });
    const result = await callModel(inputs.model, {
      system,
      messages: [{ role: "user", content: request.question }],
    });
    return { text: result.text, sourceDocuments };
  },
});
