import { defineNode, param } from "../define";
import { loadSessionMemory } from "./session-messages";

/** Enough for long chats; bounded so a session with thousands of messages cannot flood the model. */
export const bufferMemoryLimit = 100;

export const bufferMemory = defineNode({
  name: "bufferMemory",
  label: "Buffer Memory",
  version: 1,
  category: "Memory",
  description: `The conversation of the session (its last ${bufferMemoryLimit} messages), stored in the database`,
  baseClasses: ["BufferMemory", "BaseChatMemory", "BaseMemory"],
  inputs: {
    sessionId: param.string({
      label: "Session Id",
      optional: true,
      additionalParams: true,
      description: "Empty: the request's session (its chatId or overrideConfig.sessionId)",
    }),
    memoryKey: param.string({ label: "Memory Key", default: "chat_history", additionalParams: true }),
  },
  init: (context) => loadSessionMemory(context, bufferMemoryLimit),
});
