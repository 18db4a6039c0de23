import { defineNode, param } from "../define";
import { toPromptValues } from "./format";

export const chatPromptTemplate = defineNode({
  name: "chatPromptTemplate",
  label: "Chat Prompt Template",
  version: 1,
  category: "Prompts",
  description: "A system message and a human message with {variables}",
  baseClasses: ["ChatPromptTemplate", "BaseChatPromptTemplate", "BasePromptTemplate", "Runnable"],
  inputs: {
    systemMessagePrompt: param.string({
      label: "System Message",
      rows: 4,
      placeholder: "You are a helpful assistant that translates {input_language} to {output_language}.",
    }),
    humanMessagePrompt: param.string({
      label: "Human Message",
      rows: 4,
      placeholder: "{text}",
      description: "A variable without a prompt value receives the question",
    }),
    promptValues: param.json({ label: "Format Prompt Values", optional: true, acceptVariable: true }),
  },
  init({ inputs }) {
    return {
      kind: "prompt",
      format: "chat",
      systemTemplate: inputs.systemMessagePrompt,
      template: inputs.humanMessagePrompt,
      values: toPromptValues(inputs.promptValues),
    };
  },
});
