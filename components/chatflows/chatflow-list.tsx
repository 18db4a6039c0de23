"use client";

import Link from "next/link";
import { useEffect, useMemo, useRef, useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState, LoadingRows } from "@/components/ui/empty-state";
import { buttonClass, fieldClass } from "@/components/ui/styles";
import { useToast } from "@/components/ui/toaster";
import { useApiData } from "@/components/ui/use-api-data";
import { callApi, errorMessage, listAll } from "@/lib/client/api";
import { downloadText, exportFlowFile, parseFlowFile, splitCategories } from "@/lib/client/flow-files";
import { chatflowTypes, type Chatflow } from "@/lib/client/types";
import { chatflowTypeLabel, NewChatflowDialog } from "./new-chatflow-dialog";

type SortKey = "updated" | "name" | "created";

const sorters: Record<SortKey, (a: Chatflow, b: Chatflow) => number> = {
  updated: (a, b) => b.updatedDate.localeCompare(a.updatedDate),
  created: (a, b) => b.createdDate.localeCompare(a.createdDate),
  name: (a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: "base" }),
};

const formatDate = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

export function ChatflowList() {
  const toast = useToast();
  const {
    data,
    error,
    setData: setChatflows,
  } = useApiData("chatflows", (signal) => listAll<Chatflow>("/chatflows", signal));
  const chatflows = useMemo(() => data ?? (error ? [] : null), [data, error]);
  const [query, setQuery] = useState("");
  const [type, setType] = useState("");
  const [category, setCategory] = useState("");
  const [sort, setSort] = useState<SortKey>("updated");
  const [isCreating, setCreating] = useState(false);
  const [toDelete, setToDelete] = useState<Chatflow | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (error) toast.error(`Could not load chatflows: ${error}`);
  }, [error, toast]);

  const categories = useMemo(
    () => [...new Set((chatflows ?? []).flatMap((flow) => splitCategories(flow.category)))].sort(),
    [chatflows],
  );

  const visible = useMemo(() => {
    const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
    return (chatflows ?? [])
      .filter((flow) => !type || flow.type === type)
      .filter((flow) => !category || splitCategories(flow.category).includes(category))
      .filter((flow) => {
        const haystack = `${flow.name} ${flow.category ?? ""}`.toLowerCase();
        return words.every((word) => haystack.includes(word));
      })
      .sort(sorters[sort]);
  }, [chatflows, query, type, category, sort]);

  async function duplicate(flow: Chatflow) {
    try {
      const full = await callApi<Chatflow>(`/chatflows/${flow.id}`);
      const copy = await callApi<Chatflow>("/chatflows", {
        body: {
          name: `${full.name} (copy)`,
          flowData: full.flowData,
          type: full.type,
          category: full.category,
          chatbotConfig: full.chatbotConfig,
          apiConfig: full.apiConfig,
          isStreaming: full.isStreaming,
        },
      });
      setChatflows((all) => [copy, ...(all ?? [])]);
      toast.success(`Created “${copy.name}”`);
    } catch (error) {
      toast.error(`Could not duplicate: ${errorMessage(error)}`);
    }
  }

  async function remove(flow: Chatflow) {
    try {
      await callApi(`/chatflows/${flow.id}`, { method: "DELETE" });
      setChatflows((all) => (all ?? []).filter((item) => item.id !== flow.id));
      toast.success(`Deleted “${flow.name}”`);
    } catch (error) {
      toast.error(`Could not delete: ${errorMessage(error)}`);
    }
  }

  async function importFiles(files: FileList | null) {
    if (!files?.length) return;
    const created: Chatflow[] = [];
    for (const file of Array.from(files)) {
      try {
        for (const item of parseFlowFile(await file.text(), file.name)) {
          created.push(await callApi<Chatflow>("/chatflows", { body: item }));
        }
      } catch (error) {
        toast.error(`Import of ${file.name} failed: ${errorMessage(error)}`);
      }
    }
    if (created.length) {
      setChatflows((all) => [...created, ...(all ?? [])]);
      toast.success(
        created.length === 1 ? `Imported “${created[0].name}”` : `Imported ${created.length} chatflows`,
      );
    }
    if (fileInput.current) fileInput.current.value = "";
  }

  function exportFlow(flow: Chatflow) {
    const { fileName, text } = exportFlowFile(flow);
    downloadText(fileName, text);
  }

  const hasFilters = Boolean(query || type || category);
  return (
    <section className="mx-auto max-w-6xl px-6 py-6">
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold">Chatflows</h1>
        <div className="flex gap-2">
          <button type="button" className={buttonClass.secondary} onClick={() => fileInput.current?.click()}>
            Import
          </button>
          <input
            ref={fileInput}
            type="file"
            accept=".json,application/json"
            multiple
            className="hidden"
            data-testid="import-file"
            onChange={(event) => void importFiles(event.target.files)}
          />
          <button type="button" className={buttonClass.primary} onClick={() => setCreating(true)}>
            + New chatflow
          </button>
        </div>
      </div>

      <div className="mb-4 flex flex-wrap gap-2">
        <input
          type="search"
          aria-label="Search chatflows"
          placeholder="Search by name or category"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className={`${fieldClass} w-72`}
        />
        <select
          aria-label="Filter by type"
          value={type}
          onChange={(event) => setType(event.target.value)}
          className={`${fieldClass} w-40`}
        >
          <option value="">All types</option>
          {chatflowTypes.map((item) => (
            <option key={item} value={item}>
              {chatflowTypeLabel(item)}
            </option>
          ))}
        </select>
        <select
          aria-label="Filter by category"
          value={category}
          onChange={(event) => setCategory(event.target.value)}
          className={`${fieldClass} w-44`}
        >
          <option value="">All categories</option>
          {categories.map((item) => (
            <option key={item} value={item}>
              {item}
            </option>
          ))}
        </select>
        <select
          aria-label="Sort"
          value={sort}
          onChange={(event) => setSort(event.target.value as SortKey)}
          className={`${fieldClass} w-44`}
        >
          <option value="updated">Last modified</option>
          <option value="created">Newest first</option>
          <option value="name">Name A–Z</option>
        </select>
      </div>

      {chatflows === null ? (
        <LoadingRows label="Loading chatflows" />
      ) : chatflows.length === 0 ? (
        <EmptyState
          title="No chatflows yet"
          action={
            <button type="button" className={buttonClass.primary} onClick={() => setCreating(true)}>
              + New chatflow
            </button>
          }
        >
          Draw your first flow on the canvas, or import a Flowise export.
        </EmptyState>
      ) : visible.length === 0 ? (
        <EmptyState title="Nothing matches">
          {hasFilters ? "Try another search or clear the filters." : null}
        </EmptyState>
      ) : (
        <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm" data-testid="chatflow-table">
            <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-500 uppercase">
              <tr>
                <th className="px-4 py-2 font-medium">Name</th>
                <th className="px-4 py-2 font-medium">Type</th>
                <th className="px-4 py-2 font-medium">Categories</th>
                <th className="px-4 py-2 font-medium">Last modified</th>
                <th className="px-4 py-2 text-right font-medium">Actions</th>
              </tr>
            </thead>
            <tbody>
              {visible.map((flow) => (
                <tr
                  key={flow.id}
                  data-testid="chatflow-row"
                  className="border-b border-slate-100 last:border-0 hover:bg-slate-50"
                >
                  <td className="px-4 py-2.5">
                    <Link
                      href={`/chatflows/${flow.id}`}
                      className="font-medium text-indigo-700 hover:underline"
                    >
                      {flow.name}
                    </Link>
                    {flow.isPublic && (
                      <span className="ml-2 rounded bg-emerald-50 px-1.5 py-0.5 text-xs text-emerald-700">
                        public
                      </span>
                    )}
                  </td>
                  <td className="px-4 py-2.5 text-slate-600">{chatflowTypeLabel(flow.type)}</td>
                  <td className="px-4 py-2.5">
                    <div className="flex flex-wrap gap-1">
                      {splitCategories(flow.category).map((item) => (
                        <span
                          key={item}
                          className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700"
                        >
                          {item}
                        </span>
                      ))}
                    </div>
                  </td>
                  <td className="px-4 py-2.5 text-slate-600">
                    <time dateTime={flow.updatedDate}>{formatDate(flow.updatedDate)}</time>
                  </td>
                  <td className="px-4 py-2.5">
                    <div className="flex justify-end gap-1">
                      <button
                        type="button"
                        className={buttonClass.ghost}
                        aria-label={`Duplicate ${flow.name}`}
                        onClick={() => void duplicate(flow)}
                      >
                        Duplicate
                      </button>
                      <button
                        type="button"
                        className={buttonClass.ghost}
                        aria-label={`Export ${flow.name}`}
                        onClick={() => exportFlow(flow)}
                      >
                        Export
                      </button>
                      <button
                        type="button"
                        className={`${buttonClass.ghost} text-red-700 hover:bg-red-50 hover:text-red-800`}
                        aria-label={`Delete ${flow.name}`}
                        onClick={() => setToDelete(flow)}
                      >
                        Delete
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <NewChatflowDialog open={isCreating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete chatflow?"
        message={`“${toDelete?.name ?? ""}” and its messages and stored vectors will be deleted. This cannot be undone.`}
        onConfirm={() => (toDelete ? remove(toDelete) : undefined)}
        onClose={() => setToDelete(null)}
      />
    </section>
  );
}
