import { anchor, defineNode, param } from "../define";
import { renderPrompt } from "../prompts/format";

const defaultSystemMessage =
  "You are a helpful assistant in a conversation with a person. Use what was said earlier when it " +
  "matters, give specific answers, and say so when you do not know something.";

export const conversationChain = defineNode({
  name: "conversationChain",
  label: "Conversation Chain",
  version: 1,
  category: "Chains",
  description: "A chat with memory: the conversation so far is sent with every question",
  baseClasses: ["ConversationChain", "LLMChain", "BaseChain", "Runnable"],
  inputs: {
    model: anchor("BaseChatModel", { label: "Chat Model" }),
    memory: anchor("BaseMemory"),
    chatPromptTemplate: anchor("ChatPromptTemplate", {
      label: "Chat Prompt Template",
      optional: true,
      description: "Replaces the system message; its human message receives the question as {input}",
    }),
    systemMessagePrompt: param.string({
      label: "System Message",
      rows: 4,
      optional: true,
      additionalParams: true,
      default: defaultSystemMessage,
    }),
  },
  canStream: true,
  async run({ inputs, request, callModel }) {
    let system = inputs.systemMessagePrompt;
    let user = request.question;
    if (inputs.chatPromptTemplate) {
      const prompt = inputs.chatPromptTemplate;
      const rendered = renderPrompt({ ...prompt, values: { input: request.question, ...prompt.values } }, request.question);
      system = rendered.system ?? system;
      user = rendered.user;
    }
    const messages = [...inputs.memory.messages, { role: "user" as const, content: user }];
    const result = await callModel(inputs.model, { system, messages });
    return { text: result.text };
  },
});
