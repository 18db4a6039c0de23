import { findEndingNode, nodeName, withoutStickyNotes } from "./graph";
import { parseFlowData, type FlowData } from "./schema";

// Ending nodes whose run can emit tokens. The engine's node registry will answer this instead.
const streamingEnders = new Set([
  "conversationChain",
  "llmChain",
  "toolAgent",
  "retrievalQAChain",
  "conversationalRetrievalQAChain",
]);

/**
 * The effective streaming setting (API.md `isStreaming`): the chatflow's own switch AND an ending
 * node that can stream AND no model in the flow with its `streaming` input turned off.
 */
export function canChatflowStream(flowData: string | FlowData, isStreaming: boolean): boolean {
  if (!isStreaming) return false;
  const flow = typeof flowData === "string" ? parseFlowData(flowData) : flowData;
  if (!flow) return false;
  const ending = findEndingNode(flow);
  const endingName = ending ? nodeName(ending) : undefined;
  if (!endingName || !streamingEnders.has(endingName)) return false;
  return !withoutStickyNotes(flow).nodes.some((node) => isTurnedOff(node.data?.inputs?.streaming));
}

// Flowise exports keep booleans of the UI as booleans or as "false" strings.
const isTurnedOff = (value: unknown) => value === false || value === "false";
