import { defineNode, param } from "../define";
import { toPromptValues } from "./format";

export const promptTemplate = defineNode({
  name: "promptTemplate",
  label: "Prompt Template",
  version: 1,
  category: "Prompts",
  description: "A text prompt with {variables}, filled from prompt values or with the question",
  baseClasses: ["PromptTemplate", "BaseStringPromptTemplate", "BasePromptTemplate", "Runnable"],
  inputs: {
    template: param.string({
      rows: 4,
      placeholder: "What is a good name for a company that makes {product}?",
    }),
    promptValues: param.json({
      label: "Format Prompt Values",
      optional: true,
      acceptVariable: true,
      description: 'Values of the template\'s variables, e.g. {"product": "{{question}}"}',
    }),
  },
  init({ inputs }) {
    return {
      kind: "prompt",
      format: "string",
      template: inputs.template,
      values: toPromptValues(inputs.promptValues),
    };
  },
});
