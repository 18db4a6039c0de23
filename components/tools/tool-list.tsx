"use client";

import Link from "next/link";
import { useEffect, useMemo, useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState, LoadingRows } from "@/components/ui/empty-state";
import { buttonClass, fieldClass } from "@/components/ui/styles";
import { useToast } from "@/components/ui/toaster";
import { useApiData } from "@/components/ui/use-api-data";
import { callApi, errorMessage, listAll } from "@/lib/client/api";
import type { Tool } from "@/lib/client/types";

export function ToolIcon({
  tool,
  size = 36,
}: {
  tool: Pick<Tool, "name" | "color" | "iconSrc">;
  size?: number;
}) {
  if (tool.iconSrc) {
    // eslint-disable-next-line @next/next/no-img-element -- any http(s) URL; next/image would need each host configured
    return <img src={tool.iconSrc} alt="" width={size} height={size} className="rounded-md object-cover" />;
  }
  return (
    <span
      aria-hidden
      className="flex shrink-0 items-center justify-center rounded-md font-semibold text-white"
      style={{ background: tool.color || "#4f46e5", width: size, height: size }}
    >
      {(tool.name || "?").charAt(0).toUpperCase()}
    </span>
  );
}

export function ToolList() {
  const toast = useToast();
  const { data, error, setData } = useApiData("tools", (signal) => listAll<Tool>("/tools", signal));
  const [query, setQuery] = useState("");
  const [toDelete, setToDelete] = useState<Tool | null>(null);

  useEffect(() => {
    if (error) toast.error(`Could not load tools: ${error}`);
  }, [error, toast]);

  const visible = useMemo(() => {
    const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
    return (data ?? []).filter((tool) =>
      words.every((word) => `${tool.name} ${tool.description}`.toLowerCase().includes(word)),
    );
  }, [data, query]);

  async function remove(tool: Tool) {
    try {
      await callApi(`/tools/${tool.id}`, { method: "DELETE" });
      setData((all) => (all ?? []).filter((item) => item.id !== tool.id));
      toast.success(`Deleted “${tool.name}”`);
    } catch (caught) {
      toast.error(`Could not delete: ${errorMessage(caught)}`);
    }
  }

  return (
    <section className="mx-auto max-w-6xl px-6 py-6">
      <div className="mb-5 flex items-center justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold">Tools</h1>
          <p className="text-sm text-slate-500">
            JavaScript functions your agents can call, run in a sandbox.
          </p>
        </div>
        <Link href="/tools/new" className={buttonClass.primary}>
          + New tool
        </Link>
      </div>
      <input
        type="search"
        aria-label="Search tools"
        placeholder="Search tools"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        className={`${fieldClass} mb-4 w-72`}
      />
      {data === undefined && !error ? (
        <LoadingRows label="Loading tools" />
      ) : (data ?? []).length === 0 ? (
        <EmptyState
          title="No tools yet"
          action={
            <Link href="/tools/new" className={buttonClass.primary}>
              + New tool
            </Link>
          }
        >
          A tool is a function with an input schema; add it to a Tool Agent with the Custom Tool node.
        </EmptyState>
      ) : visible.length === 0 ? (
        <EmptyState title="Nothing matches">Try another search.</EmptyState>
      ) : (
        <ul className="grid grid-cols-2 gap-3 xl:grid-cols-3">
          {visible.map((tool) => (
            <li
              key={tool.id}
              data-testid="tool-card"
              className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4"
            >
              <ToolIcon tool={tool} />
              <div className="min-w-0 flex-1">
                <Link href={`/tools/${tool.id}`} className="font-medium text-indigo-700 hover:underline">
                  {tool.name}
                </Link>
                <p className="line-clamp-2 text-sm text-slate-600">{tool.description}</p>
              </div>
              <button
                type="button"
                aria-label={`Delete ${tool.name}`}
                className={`${buttonClass.ghost} self-start text-red-700`}
                onClick={() => setToDelete(tool)}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete tool?"
        message={`“${toDelete?.name ?? ""}” will be deleted. Flows that use it will fail until you pick another tool.`}
        onConfirm={() => (toDelete ? remove(toDelete) : undefined)}
        onClose={() => setToDelete(null)}
      />
    </section>
  );
}
