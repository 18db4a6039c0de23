"use client";

import { useCallback, useRef, useState } from "react";
import type { Edge, Node } from "@xyflow/react";

interface Snapshot {
  nodes: Node[];
  edges: Edge[];
}

const LIMIT = 100;
// Keystrokes in one field within this window are one undo step.
const COALESCE_MS = 1500;

/**
 * Undo/redo by snapshots. Callers `record()` just before a change; React Flow's arrays are never
 * mutated, so a snapshot is two references.
 */
export function useFlowHistory(read: () => Snapshot, apply: (snapshot: Snapshot) => void) {
  const past = useRef<Snapshot[]>([]);
  const future = useRef<Snapshot[]>([]);
  const last = useRef<{ key: string; at: number } | null>(null);
  const [sizes, setSizes] = useState({ past: 0, future: 0 });

  const sync = useCallback(() => setSizes({ past: past.current.length, future: future.current.length }), []);

  const record = useCallback(
    (key?: string) => {
      const now = Date.now();
      if (key && last.current?.key === key && now - last.current.at < COALESCE_MS) {
        last.current.at = now;
        return;
      }
      last.current = key ? { key, at: now } : null;
      past.current = [...past.current.slice(-(LIMIT - 1)), read()];
      future.current = [];
      sync();
    },
    [read, sync],
  );

  const undo = useCallback(() => {
    const previous = past.current.pop();
    if (!previous) return false;
    future.current.push(read());
    last.current = null;
    apply(previous);
    sync();
    return true;
  }, [read, apply, sync]);

  const redo = useCallback(() => {
    const next = future.current.pop();
    if (!next) return false;
    past.current.push(read());
    last.current = null;
    apply(next);
    sync();
    return true;
  }, [read, apply, sync]);

  return { record, undo, redo, canUndo: sizes.past > 0, canRedo: sizes.future > 0 };
}
