import type { FlowData, FlowEdge, FlowNode } from "./schema";

// Small structural reads of a flow, shared by the streaming and uploads answers. The engine
// (lib/engine) owns full validation; these only need node names and edges.

export const nodeName = (node: FlowNode): string | undefined =>
  typeof node.data?.name === "string" ? node.data.name : undefined;

const isStickyNote = (node: FlowNode) => node.type === "stickyNote" || nodeName(node) === "stickyNote";

/** The flow without sticky notes (and without edges touching them). */
export function withoutStickyNotes(flow: FlowData): { nodes: FlowNode[]; edges: FlowEdge[] } {
  const nodes = flow.nodes.filter((node) => !isStickyNote(node));
  const ids = new Set(nodes.map((node) => node.id));
  const edges = flow.edges.filter((edge) => ids.has(edge.source) && ids.has(edge.target));
  return { nodes, edges };
}

/** ARCHITECTURE.md: the ending node has incoming edges and no outgoing ones. Null unless exactly one. */
export function findEndingNode(flow: FlowData): FlowNode | null {
  const { nodes, edges } = withoutStickyNotes(flow);
  const sources = new Set(edges.map((edge) => edge.source));
  const targets = new Set(edges.map((edge) => edge.target));
  const endings = nodes.filter((node) => targets.has(node.id) && !sources.has(node.id));
  return endings.length === 1 ? endings[0] : null;
}
