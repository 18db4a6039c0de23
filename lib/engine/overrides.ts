import type { CompiledFlow } from "./compile";

// overrideConfig: `temperature`, `maxTokens` (capped), `systemMessage` (the system message inputs)
// and any other key naming a param set that param on every node of the plan that has it. A value
// given as {"<nodeId>": value, …} sets it on those nodes only. Keys no node has are ignored.

/** Keys the prediction layer handles itself. */
const handledElsewhere = new Set(["webhookUrl", "webhookMethod", "vars"]);

const aliases: Record<string, string[]> = {
  systemMessage: ["systemMessage", "systemMessagePrompt"],
};

export type NodeOverrides = Map<string, Map<string, unknown>>;

export function resolveOverrides(
  flow: CompiledFlow,
  overrideConfig: Record<string, unknown> | undefined,
  maxTokensLimit: number,
): NodeOverrides {
  const result: NodeOverrides = new Map();
  for (const [key, raw] of Object.entries(overrideConfig ?? {})) {
    if (raw === undefined || handledElsewhere.has(key)) continue;
    const perNode = isPerNodeValue(raw, flow) ? (raw as Record<string, unknown>) : undefined;
    for (const inputName of aliases[key] ?? [key]) {
      for (const node of flow.paramOwners.get(inputName) ?? []) {
        if (perNode && !(node.id in perNode)) continue;
        const value = perNode ? perNode[node.id] : raw;
        const values = result.get(node.id) ?? new Map<string, unknown>();
        values.set(inputName, inputName === "maxTokens" ? capMaxTokens(value, maxTokensLimit) : value);
        result.set(node.id, values);
      }
    }
  }
  return result;
}

function isPerNodeValue(value: unknown, flow: CompiledFlow): boolean {
  if (!value || typeof value !== "object" || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => flow.nodes.has(key));
}

function capMaxTokens(value: unknown, limit: number): unknown {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof number === "number" && Number.isFinite(number) ? Math.min(number, limit) : value;
}

/** `overrideConfig.vars` adds to (and wins over) the workspace variables for this request. */
export function mergeOverrideVars(
  vars: Record<string, string> | undefined,
  overrideConfig: Record<string, unknown> | undefined,
): Record<string, string> {
  const extra = overrideConfig?.vars;
  const merged: Record<string, string> = { ...vars };
  if (extra && typeof extra === "object" && !Array.isArray(extra)) {
    for (const [key, value] of Object.entries(extra)) {
      if (value !== undefined && value !== null) merged[key] = typeof value === "string" ? value : JSON.stringify(value);
    }
  }
  return merged;
}
