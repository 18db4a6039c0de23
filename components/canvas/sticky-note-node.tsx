"use client";

import { NodeResizer, type NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { FlowNodeData } from "@/lib/client/flow-graph";
import { useFlowActions } from "./flow-context";

function StickyNoteCard({ id, data, selected }: NodeProps & { data: FlowNodeData }) {
  const actions = useFlowActions();
  const note = typeof data.inputs?.note === "string" ? data.inputs.note : "";
  return (
    <div
      data-testid={`node-${id}`}
      className={`flex h-full min-h-28 w-full min-w-48 flex-col rounded-md bg-amber-100 shadow-md ${selected ? "ring-2 ring-amber-500" : ""}`}
    >
      <NodeResizer isVisible={selected} minWidth={192} minHeight={112} color="#f59e0b" />
      <div className="flex justify-end gap-1 px-1 pt-1">
        <button
          type="button"
          aria-label={`Delete ${id}`}
          className="nodrag rounded px-1 text-xs text-amber-700 hover:bg-amber-200"
          onClick={() => actions.deleteNode(id)}
        >
          ×
        </button>
      </div>
      <textarea
        aria-label="Sticky note"
        placeholder="Type a note…"
        className="nodrag nowheel flex-1 resize-none bg-transparent px-3 pb-3 text-sm text-amber-950 placeholder:text-amber-700/60 focus:outline-none"
        value={note}
        onChange={(event) => actions.setInput(id, "note", event.target.value)}
      />
    </div>
  );
}

export const StickyNoteNode = memo(StickyNoteCard);
