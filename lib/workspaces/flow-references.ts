import { findNodeDefinition } from "@/lib/nodes/registry";

// What a chatflow's flowData points at outside itself: saved tools (customTool's `selectedTool`)
// and credentials (a node's `data.credential`, or Flowise's `inputs.FLOWISE_CREDENTIAL_ID`). Ids
// differ between workspaces, so an import rewrites them; an export blanks typed-in secrets.

interface FlowNodeShape {
  id?: unknown;
  data?: { name?: unknown; credential?: unknown; inputs?: Record<string, unknown> } & Record<string, unknown>;
}

export interface ReferenceMaps {
  /** Exported tool id → id of the imported copy. */
  tools: ReadonlyMap<string, string>;
  /** Exported credential id → the target workspace's credential of the same name and type (absent: none). */
  credentials: ReadonlyMap<string, string>;
}

export interface RemappedFlow {
  flowData: string;
  /** Tool ids the flow uses that the import file does not contain (left as they were). */
  unknownTools: string[];
  /** Credential ids the flow used that have no match here (the reference is removed). */
  droppedCredentials: string[];
}

/** The credential ids a flow refers to. */
export function listCredentialReferences(flowData: string): string[] {
  const ids = new Set<string>();
  for (const node of readNodes(flowData)) {
    for (const value of [node.data?.credential, node.data?.inputs?.FLOWISE_CREDENTIAL_ID]) {
      if (typeof value === "string" && value.trim() !== "") ids.add(value.trim());
    }
  }
  return [...ids];
}

/** Rewrites tool and credential ids of an imported flow; a flow without them is returned unchanged. */
export function remapFlowReferences(flowData: string, maps: ReferenceMaps): RemappedFlow {
  const flow = JSON.parse(flowData) as { nodes: FlowNodeShape[] };
  const unknownTools = new Set<string>();
  const droppedCredentials = new Set<string>();
  let changed = false;
  for (const node of flow.nodes) {
    const data = node.data;
    if (!data || typeof data !== "object") continue;
    const inputs = data.inputs && typeof data.inputs === "object" ? data.inputs : undefined;
    if (
      data.name === "customTool" &&
      typeof inputs?.selectedTool === "string" &&
      inputs.selectedTool !== ""
    ) {
      const copy = maps.tools.get(inputs.selectedTool);
      if (copy) {
        inputs.selectedTool = copy;
        changed = true;
      } else {
        unknownTools.add(inputs.selectedTool);
      }
    }
    if (typeof data.credential === "string" && data.credential.trim() !== "") {
      const source = data.credential.trim();
      const target = maps.credentials.get(source);
      if (target) data.credential = target;
      else {
        delete data.credential;
        droppedCredentials.add(source);
      }
      changed = true;
    }
    if (
      inputs &&
      typeof inputs.FLOWISE_CREDENTIAL_ID === "string" &&
      inputs.FLOWISE_CREDENTIAL_ID.trim() !== ""
    ) {
      const source = inputs.FLOWISE_CREDENTIAL_ID.trim();
      const target = maps.credentials.get(source);
      if (target) inputs.FLOWISE_CREDENTIAL_ID = target;
      else {
        delete inputs.FLOWISE_CREDENTIAL_ID;
        droppedCredentials.add(source);
      }
      changed = true;
    }
  }
  return {
    flowData: changed ? JSON.stringify(flow) : flowData,
    unknownTools: [...unknownTools],
    droppedCredentials: [...droppedCredentials],
  };
}

/**
 * The flow without values typed into `password` inputs of known node types: secrets belong in
 * credentials, and an export never carries them.
 */
export function blankSecretInputs(flowData: string): string {
  const flow = JSON.parse(flowData) as { nodes: FlowNodeShape[] };
  let changed = false;
  for (const node of flow.nodes) {
    const name = node.data?.name;
    const inputs = node.data?.inputs;
    if (typeof name !== "string" || !inputs || typeof inputs !== "object") continue;
    for (const input of findNodeDefinition(name)?.inputs ?? []) {
      if (input.kind === "param" && input.type === "password" && inputs[input.name] !== undefined) {
        inputs[input.name] = "";
        changed = true;
      }
    }
  }
  return changed ? JSON.stringify(flow) : flowData;
}

function readNodes(flowData: string): FlowNodeShape[] {
  try {
    const nodes = (JSON.parse(flowData) as { nodes?: unknown }).nodes;
    return Array.isArray(nodes) ? (nodes as FlowNodeShape[]) : [];
  } catch {
    return [];
  }
}
