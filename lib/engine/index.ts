import "server-only";
import { getCompiledFlow } from "./cache";
import { compileFlow, type CompiledFlow } from "./compile";
import type { FlowData } from "./flow-data";
import type { ChatflowToRun, FlowSummary } from "./types";

// The engine's public API. The prediction and upsert layers use only what this file exports.

export { buildFlowNode, runChatflow, type BuildFlowNodeInput } from "./run";
export { FlowAbortedError } from "./errors";
export { ModelProviderError } from "@/lib/models";
export { parseFlowData, type FlowData, type FlowEdge, type FlowNode } from "./flow-data";
export type {
  ChatflowToRun,
  FlowSummary,
  HistoryMessage,
  RunChatflowInput,
  RunChatflowResult,
  RunMetadata,
} from "./types";

/** Checks a flow as a prediction would; throws ApiError 400 naming the first problem (all in details). */
export function validateFlow(flowData: string | FlowData): FlowSummary {
  return summarize(compileFlow(flowData));
}

/**
 * Whether the flow can stream tokens: its ending node streams and no model on its way has
 * streaming off. False for flows that cannot run. Give the chatflow to use the compiled-flow cache.
 */
export function canStreamFlow(flow: string | FlowData | Pick<ChatflowToRun, "id" | "flowData" | "updatedDate">): boolean {
  try {
    const compiled =
      typeof flow === "object" && "flowData" in flow ? getCompiledFlow(flow) : compileFlow(flow as string | FlowData);
    return compiled.canStream;
  } catch {
    return false;
  }
}

function summarize(flow: CompiledFlow): FlowSummary {
  const { ending } = flow;
  return {
    endingNode: { id: ending.id, name: ending.definition.name, label: ending.label },
    nodeIds: [...flow.plan.map((node) => node.id), ending.id],
    canStream: flow.canStream,
  };
}
