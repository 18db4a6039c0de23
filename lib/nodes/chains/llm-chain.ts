import type { ChatModel } from "@/lib/models";
import { anchor, defineNode, param } from "../define";
import { renderPrompt } from "../prompts/format";
import type { NodeContext, PromptInstance } from "../types";

type LlmChainContext = NodeContext<{ model: ChatModel; prompt: PromptInstance }>;

export const llmChain = defineNode({
  name: "llmChain",
  label: "LLM Chain",
  version: 1,
  category: "Chains",
  description: "Runs a prompt on a model. As an intermediate node, its answer can feed another prompt",
  baseClasses: ["LLMChain", "BaseChain", "Runnable"],
  inputs: {
    model: anchor("BaseLanguageModel", { label: "Language Model" }),
    prompt: anchor("BasePromptTemplate"),
    chainName: param.string({ label: "Chain Name", optional: true, placeholder: "Name Your Chain" }),
  },
  outputs: [
    { name: "llmChain", label: "LLM Chain", baseClasses: ["LLMChain", "BaseChain", "Runnable"] },
    {
      name: "outputPrediction",
      label: "Output Prediction",
      baseClasses: ["string", "json"],
      description: "Runs the chain on the question and passes its answer on as text",
    },
  ],
  canStream: true,
  async init(context) {
    if (context.output === "outputPrediction") return (await answer(context)).text;
    return {
      kind: "chain",
      name: context.inputs.chainName || context.node.id,
      invoke: async (question: string) => (await answer(context, question)).text,
    };
  },
  run: answer,
});

async function answer(context: LlmChainContext, question = context.request.question) {
  const { system, user } = renderPrompt(context.inputs.prompt, question);
  const result = await context.callModel(context.inputs.model, { system, messages: [{ role: "user", content: user }] });
  return { text: result.text };
}
