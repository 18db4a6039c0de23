import type { FlowData, FlowEdge, FlowNode } from "@/lib/engine";

// Compact flowData for tests: nodes by id and type name, edges with Flowise-style handles.

export function flowNode(
  id: string,
  name: string,
  inputs: Record<string, unknown> = {},
  extra: { label?: string; credential?: string; output?: string; type?: string } = {},
): FlowNode {
  return {
    id,
    type: extra.type ?? "customNode",
    data: {
      id,
      name,
      label: extra.label ?? name,
      inputs,
      ...(extra.credential ? { credential: extra.credential } : {}),
      ...(extra.output ? { outputs: { output: extra.output } } : {}),
    },
  };
}

/** An edge into `target`'s input `input`; `output` names the source's selected output handle. */
export function flowEdge(source: string, target: string, input: string, output?: string): FlowEdge {
  return {
    id: `${source}->${target}.${input}`,
    source,
    sourceHandle: `${source}-output-${output ?? source.replace(/_\d+$/, "")}-Any`,
    target,
    targetHandle: `${target}-input-${input}-Any`,
  };
}

export function flowData(nodes: FlowNode[], edges: FlowEdge[]): FlowData {
  return { nodes, edges };
}

export const ref = (id: string) => `{{${id}.data.instance}}`;
