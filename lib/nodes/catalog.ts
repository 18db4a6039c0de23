import { listNodeDefinitions } from "./registry";
import type { NodeDefinition } from "./types";

/** The palette's description of a node: the definition without its behaviour. */
export function toNodeCatalogJson(definition: NodeDefinition) {
  return {
    name: definition.name,
    label: definition.label,
    version: definition.version,
    category: definition.category,
    description: definition.description,
    type: definition.type,
    baseClasses: definition.baseClasses,
    credential: definition.credential ?? null,
    inputs: definition.inputs,
    outputs: definition.outputs,
    canEndFlow: definition.run !== undefined,
  };
}

export function listNodeCatalog() {
  return listNodeDefinitions().map(toNodeCatalogJson);
}
