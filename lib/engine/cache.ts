import { ApiError } from "@/lib/api/errors";
import { compileFlow, type CompiledFlow } from "./compile";
import type { FlowData } from "./flow-data";

// Compiled flows by chatflow, valid for one updatedDate: an edited chatflow has a new updatedDate,
// so a stale plan is never used. Bounded, least recently used first out. Invalid flows are cached
// too (as their error), so a broken flow under load is not recompiled on every request.

const maxEntries = 500;

type Entry = { version: number; flow?: CompiledFlow; error?: ApiError };
const entries = new Map<string, Entry>();

export interface CacheableChatflow {
  id: string;
  flowData: string | FlowData;
  updatedDate: Date | string;
}

export function getCompiledFlow(chatflow: CacheableChatflow): CompiledFlow {
  const version = new Date(chatflow.updatedDate).getTime();
  let entry = entries.get(chatflow.id);
  if (entry && entry.version === version) {
    entries.delete(chatflow.id);
  } else {
    entry = compileEntry(chatflow.flowData, version);
  }
  entries.set(chatflow.id, entry);
  if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
  if (entry.error) throw entry.error;
  return entry.flow as CompiledFlow;
}

function compileEntry(flowData: string | FlowData, version: number): Entry {
  try {
    return { version, flow: compileFlow(flowData) };
  } catch (error) {
    if (error instanceof ApiError) return { version, error };
    throw error;
  }
}

export function clearCompiledFlows() {
  entries.clear();
}

export function countCompiledFlows() {
  return entries.size;
}
