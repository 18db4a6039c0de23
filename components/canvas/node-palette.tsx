"use client";

import { useMemo, useState, type DragEvent } from "react";
import { fieldClass } from "@/components/ui/styles";
import { groupPalette, type NodeDef } from "@/lib/client/node-catalog";
import { categoryColor } from "./node-colors";

export const paletteMime = "application/x-chatflow-node";

interface NodePaletteProps {
  defs: NodeDef[];
  /** Keyboard and click path: adds the node in the middle of the view. */
  onAdd: (def: NodeDef) => void;
}

/** Nodes of the catalog by category, searchable; drag one onto the canvas, or press Enter on it. */
export function NodePalette({ defs, onAdd }: NodePaletteProps) {
  const [query, setQuery] = useState("");
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const groups = useMemo(() => groupPalette(defs, query), [defs, query]);

  const startDrag = (event: DragEvent, def: NodeDef) => {
    event.dataTransfer.setData(paletteMime, def.name);
    event.dataTransfer.effectAllowed = "move";
  };

  return (
    <aside
      aria-label="Node palette"
      className="flex h-full w-56 shrink-0 flex-col border-r border-slate-200 bg-white xl:w-64"
    >
      <div className="border-b border-slate-200 p-3">
        <input
          type="search"
          aria-label="Search nodes"
          placeholder="Search nodes"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className={`${fieldClass} w-full`}
        />
      </div>
      <div className="flex-1 overflow-y-auto p-2">
        {groups.length === 0 && <p className="p-3 text-sm text-slate-500">No node matches “{query}”.</p>}
        {groups.map((group) => {
          const isOpen = query !== "" || !collapsed.has(group.category);
          return (
            <section key={group.category} className="mb-1">
              <button
                type="button"
                aria-expanded={isOpen}
                onClick={() =>
                  setCollapsed((all) => {
                    const next = new Set(all);
                    if (next.has(group.category)) next.delete(group.category);
                    else next.add(group.category);
                    return next;
                  })
                }
                className="flex w-full items-center justify-between rounded px-2 py-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase hover:bg-slate-50"
              >
                <span>{group.category}</span>
                <span aria-hidden>{isOpen ? "−" : "+"}</span>
              </button>
              {isOpen && (
                <ul className="flex flex-col gap-1 py-1">
                  {group.nodes.map((def) => (
                    <li key={def.name}>
                      <button
                        type="button"
                        draggable
                        data-testid={`palette-${def.name}`}
                        aria-label={`Add ${def.label}`}
                        title={def.description}
                        onDragStart={(event) => startDrag(event, def)}
                        onClick={() => onAdd(def)}
                        className="flex w-full cursor-grab items-start gap-2 rounded-md border border-slate-200 bg-white px-2 py-1.5 text-left hover:border-indigo-300 hover:bg-indigo-50 active:cursor-grabbing"
                      >
                        <span
                          className="mt-1 h-2.5 w-2.5 shrink-0 rounded-full"
                          style={{ background: categoryColor(def.category) }}
                        />
                        <span className="min-w-0">
                          <span className="block text-sm font-medium text-slate-800">{def.label}</span>
                          <span className="line-clamp-2 block text-xs text-slate-500">{def.description}</span>
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
      <p className="border-t border-slate-200 px-3 py-2 text-[11px] text-slate-400">
        Drag onto the canvas, or click to add.
      </p>
    </aside>
  );
}
