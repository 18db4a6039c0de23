import type { ToolInputSchema } from "@/lib/models";
import { runToolFunction } from "@/lib/sandbox";
import { defineNode, param } from "../define";
import { nodeError } from "../errors";
import { toToolName } from "./tool-name";

export const customTool = defineNode({
  name: "customTool",
  label: "Custom Tool",
  version: 1,
  category: "Tools",
  description: "A tool of the workspace: its JavaScript function runs in the sandbox when an agent calls it",
  baseClasses: ["CustomTool", "Tool", "StructuredTool", "Runnable"],
  inputs: {
    selectedTool: param.asyncOptions("listTools", { label: "Select Tool", overridable: false }),
    returnDirect: param.boolean({
      label: "Return Direct",
      default: false,
      additionalParams: true,
      description: "The tool's output is the final answer",
    }),
  },
  async init({ inputs, node, request, services }) {
    const record = await services.loadTool(request.workspaceId, inputs.selectedTool);
    if (!record) throw nodeError(node, `uses tool ${inputs.selectedTool}, which does not exist in this workspace`);
    const flow = { chatflowId: request.chatflowId, chatId: request.chatId, sessionId: request.sessionId };
    return {
      name: toToolName(record.name),
      description: record.description,
      inputSchema: parseToolSchema(record.schema),
      returnDirect: inputs.returnDirect,
      execute: async (input: Record<string, unknown>, { signal }: { signal: AbortSignal }) => {
        const result = await runToolFunction({ func: record.func, input, vars: request.vars, flow, signal });
        // The agent sees failures as text and may recover; they never fail the prediction.
        return result.ok ? result.output : `Error: ${result.error}`;
      },
    };
  },
});

const emptySchema: ToolInputSchema = { type: "object", properties: {} };

/** The stored JSON Schema; lib/tools validates it on save, so a bad one only comes from old rows. */
export function parseToolSchema(schema: string): ToolInputSchema {
  try {
    const parsed: unknown = JSON.parse(schema);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed) && (parsed as { type?: unknown }).type === "object") {
      return parsed as ToolInputSchema;
    }
  } catch {
    // fall through to the empty schema
  }
  return emptySchema;
}
