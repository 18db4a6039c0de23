import { anchor, defineNode, param } from "../define";
import { renderPrompt } from "../prompts/format";
import { takeSourceDocuments } from "../retrievers/source-documents";
import { toUniqueToolNames } from "../tools/tool-name";

const defaultMaxIterations = 10;

export const toolAgent = defineNode({
  name: "toolAgent",
  label: "Tool Agent",
  version: 1,
  category: "Agents",
  description: "An agent that answers by calling tools through the model's function calling",
  baseClasses: ["AgentExecutor", "BaseChain", "Runnable"],
  inputs: {
    tools: anchor("Tool", { list: true }),
    memory: anchor("BaseChatMemory", { optional: true }),
    model: anchor("BaseChatModel", {
      label: "Tool Calling Chat Model",
      description: "A model that supports function calling",
    }),
    chatPromptTemplate: anchor("ChatPromptTemplate", {
      label: "Chat Prompt Template",
      optional: true,
      description: "Replaces the system message; its human message receives the question as {input}",
    }),
    systemMessage: param.string({
      label: "System Message",
      rows: 4,
      default: "You are a helpful AI assistant.",
      additionalParams: true,
    }),
    maxIterations: param.number({
      label: "Max Iterations",
      optional: true,
      additionalParams: true,
      description: `Model calls allowed, tool rounds included (default ${defaultMaxIterations})`,
    }),
  },
  canStream: true,
  async run({ inputs, request, callModel, emit }) {
    let system = inputs.systemMessage;
    let user = request.question;
    if (inputs.chatPromptTemplate) {
      const prompt = inputs.chatPromptTemplate;
      const rendered = renderPrompt({ ...prompt, values: { input: request.question, ...prompt.values } }, request.question);
      system = rendered.system ?? system;
      user = rendered.user;
    }
    const names = toUniqueToolNames(inputs.tools.map((tool) => tool.name));
    const tools = inputs.tools.map((tool, index) => ({ ...tool, name: names[index] }));
    const maxIterations = Math.max(1, Math.floor(inputs.maxIterations ?? defaultMaxIterations));
    const history = inputs.memory?.messages ?? [];
    const result = await callModel(inputs.model, {
      system,
      messages: [...history, { role: "user", content: user }],
      tools,
      maxSteps: maxIterations,
    });
    let text = result.text;
    if (!text && result.finishReason === "tool-calls") {
      text = `Agent stopped after ${maxIterations} iterations without a final answer.`;
      emit(text);
    }
    return { text, usedTools: result.usedTools, sourceDocuments: takeSourceDocuments(request) };
  },
});
