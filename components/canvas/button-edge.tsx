"use client";

import { BaseEdge, EdgeLabelRenderer, getBezierPath, useReactFlow, type EdgeProps } from "@xyflow/react";
import { memo } from "react";

/** Flowise's "buttonedge": a bezier with a delete button at its middle when selected or hovered. */
function ButtonEdgeLine(props: EdgeProps) {
  const {
    id,
    sourceX,
    sourceY,
    targetX,
    targetY,
    sourcePosition,
    targetPosition,
    selected,
    markerEnd,
    style,
  } = props;
  const { deleteElements } = useReactFlow();
  const [path, labelX, labelY] = getBezierPath({
    sourceX,
    sourceY,
    sourcePosition,
    targetX,
    targetY,
    targetPosition,
  });
  return (
    <>
      <BaseEdge
        id={id}
        path={path}
        markerEnd={markerEnd}
        style={{ strokeWidth: 2, stroke: selected ? "#6366f1" : "#94a3b8", ...style }}
      />
      <EdgeLabelRenderer>
        <button
          type="button"
          aria-label="Remove connection"
          className={`nodrag nopan absolute flex h-5 w-5 items-center justify-center rounded-full border border-slate-300 bg-white text-xs text-slate-600 shadow hover:bg-red-50 hover:text-red-600 ${selected ? "opacity-100" : "opacity-0 hover:opacity-100"}`}
          style={{
            transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)`,
            pointerEvents: "all",
          }}
          onClick={() => void deleteElements({ edges: [{ id }] })}
        >
          ×
        </button>
      </EdgeLabelRenderer>
    </>
  );
}

export const ButtonEdge = memo(ButtonEdgeLine);
