import { badRequest } from "@/lib/api/errors";

// The parts of Flowise-shaped flowData the engine reads. Positions, anchors and params in `data`
// belong to the builder; the registry is the engine's source for those.

export interface FlowNode {
  id: string;
  /** "customNode" or "stickyNote" in Flowise exports. */
  type?: string;
  data: {
    id?: string;
    name: string;
    label?: string;
    inputs?: Record<string, unknown>;
    credential?: string;
    outputs?: Record<string, unknown>;
  };
}

export interface FlowEdge {
  id?: string;
  source: string;
  sourceHandle?: string;
  target: string;
  targetHandle?: string;
}

export interface FlowData {
  nodes: FlowNode[];
  edges: FlowEdge[];
}

/** flowData as stored (a JSON string) or already parsed; a 400 when it has not the right shape. */
export function parseFlowData(flowData: string | unknown): FlowData {
  let value: unknown = flowData;
  if (typeof flowData === "string") {
    try {
      value = JSON.parse(flowData);
    } catch {
      throw badRequest("flowData is not valid JSON");
    }
  }
  if (!isObject(value) || !Array.isArray(value.nodes) || !Array.isArray(value.edges)) {
    throw badRequest("flowData must be an object with nodes and edges arrays");
  }
  const nodes = value.nodes.map((node, index) => {
    if (!isObject(node) || typeof node.id !== "string" || node.id === "" || !isObject(node.data)) {
      throw badRequest(`flowData node ${index} needs an id and data`);
    }
    if (typeof node.data.name !== "string" || node.data.name === "") {
      throw badRequest(`flowData node ${node.id} needs data.name (its node type)`);
    }
    return node as unknown as FlowNode;
  });
  const edges = value.edges.map((edge, index) => {
    if (!isObject(edge) || typeof edge.source !== "string" || typeof edge.target !== "string") {
      throw badRequest(`flowData edge ${index} needs a source and a target`);
    }
    return edge as unknown as FlowEdge;
  });
  return { nodes, edges };
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
