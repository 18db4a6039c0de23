"use client";

import { createContext, useContext } from "react";
import type { NodeDef } from "@/lib/client/node-catalog";

/** What node cards need from the editor: the catalog and stable actions on the flow. */
export interface FlowActions {
  catalog: Map<string, NodeDef>;
  /** The definition of a node on the canvas (catalog, or what the node stored), by node id. */
  describeNode(nodeId: string): NodeDef | undefined;
  setInput(nodeId: string, name: string, value: unknown): void;
  setCredential(nodeId: string, credentialId: string): void;
  duplicateNode(nodeId: string): void;
  deleteNode(nodeId: string): void;
}

export const FlowActionsContext = createContext<FlowActions | null>(null);

export function useFlowActions(): FlowActions {
  const actions = useContext(FlowActionsContext);
  if (!actions) throw new Error("useFlowActions needs a FlowActionsContext provider");
  return actions;
}
