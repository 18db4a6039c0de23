import { defineNode, param } from "../define";
import { nodeError } from "../errors";
import { loadSessionMemory } from "./session-messages";

export const bufferWindowMemory = defineNode({
  name: "bufferWindowMemory",
  label: "Buffer Window Memory",
  version: 1,
  category: "Memory",
  description: "The last k exchanges (question and answer) of the session",
  baseClasses: ["BufferWindowMemory", "BaseChatMemory", "BaseMemory"],
  inputs: {
    k: param.number({ label: "Size", default: 4, description: "Number of exchanges to remember" }),
    sessionId: param.string({
      label: "Session Id",
      optional: true,
      additionalParams: true,
      description: "Empty: the request's session (its chatId or overrideConfig.sessionId)",
    }),
    memoryKey: param.string({ label: "Memory Key", default: "chat_history", additionalParams: true }),
  },
  init(context) {
    const { k } = context.inputs;
    if (!Number.isInteger(k) || k < 1 || k > 1000) throw nodeError(context.node, "needs a size k between 1 and 1000");
    return loadSessionMemory(context, k * 2);
  },
});
