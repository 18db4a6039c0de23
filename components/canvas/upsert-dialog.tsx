"use client";

import { useRef, useState, type DragEvent } from "react";
import { Dialog } from "@/components/ui/dialog";
import { buttonClass, inputClass, labelClass } from "@/components/ui/styles";
import { errorMessage } from "@/lib/client/api";
import type { NodeDef } from "@/lib/client/node-catalog";
import type { UpsertResult } from "@/lib/client/types";
import { postFormWithProgress } from "@/lib/client/upload";

export interface VectorStoreNode {
  id: string;
  label: string;
}

/** A node that stores vectors: the catalog puts them in "Vector Stores" and gives them VectorStore classes. */
export const isVectorStoreDef = (def: NodeDef) =>
  def.category === "Vector Stores" ||
  def.baseClasses.some((type) => type === "VectorStore" || type.endsWith("VectorStore"));

const accepted = ".pdf,.docx,.txt,.md,.csv,.json,.xlsx,.js,.ts,.py,.java,.cpp,.html,.xml";

interface UpsertDialogProps {
  chatflowId: string;
  stores: VectorStoreNode[];
  hasUnsavedChanges: boolean;
  onClose: () => void;
}

/** Sends files through the flow's loaders, splitter and embeddings into one of its vector stores. */
export function UpsertDialog({ chatflowId, stores, hasUnsavedChanges, onClose }: UpsertDialogProps) {
  const [files, setFiles] = useState<File[]>([]);
  const [storeId, setStoreId] = useState(stores[0]?.id ?? "");
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<UpsertResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isOver, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const controller = useRef<AbortController | null>(null);

  const addFiles = (list: FileList | null) => {
    if (!list) return;
    setFiles((current) => [
      ...current,
      ...Array.from(list).filter(
        (file) => !current.some((item) => item.name === file.name && item.size === file.size),
      ),
    ]);
    setResult(null);
    setError(null);
  };

  async function upsert() {
    const form = new FormData();
    for (const file of files) form.append("files", file, file.name);
    if (storeId && stores.length > 1) form.append("stopNodeId", storeId);
    controller.current = new AbortController();
    setProgress(0);
    setResult(null);
    setError(null);
    try {
      setResult(
        await postFormWithProgress<UpsertResult>(
          `/vector/internal-upsert/${chatflowId}`,
          form,
          setProgress,
          controller.current.signal,
        ),
      );
      setFiles([]);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setProgress(null);
      controller.current = null;
    }
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    addFiles(event.dataTransfer.files);
  };

  return (
    <Dialog open title="Upsert documents" onClose={onClose} width="max-w-xl" testId="upsert-dialog">
      <div className="flex flex-col gap-4">
        {hasUnsavedChanges && (
          <p className="rounded-md bg-amber-50 p-2 text-xs text-amber-900">
            Upserting uses the last saved version of the flow. Save first to use your changes.
          </p>
        )}
        {stores.length > 1 && (
          <label className={labelClass}>
            Vector store
            <select
              className={inputClass}
              value={storeId}
              onChange={(event) => setStoreId(event.target.value)}
            >
              {stores.map((store) => (
                <option key={store.id} value={store.id}>
                  {store.label} ({store.id})
                </option>
              ))}
            </select>
          </label>
        )}
        {stores.length === 1 && (
          <p className="text-sm text-slate-600">
            Into <span className="font-medium">{stores[0].label}</span> ({stores[0].id}), through the
            flow&apos;s loaders, splitter and embeddings.
          </p>
        )}
        <div
          role="button"
          tabIndex={0}
          aria-label="Drop files here or choose files"
          onClick={() => input.current?.click()}
          onKeyDown={(event) => (event.key === "Enter" || event.key === " ") && input.current?.click()}
          onDragOver={(event) => {
            event.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
          className={`flex cursor-pointer flex-col items-center justify-center rounded-xl border-2 border-dashed px-6 py-8 text-center text-sm ${isOver ? "border-indigo-500 bg-indigo-50" : "border-slate-300 text-slate-500 hover:border-indigo-300"}`}
        >
          <span className="font-medium text-slate-700">Drop files here, or click to choose</span>
          <span className="mt-1 text-xs">PDF, DOCX, TXT, MD, CSV, JSON, XLSX, HTML, XML and code files</span>
          <input
            ref={input}
            type="file"
            multiple
            accept={accepted}
            className="hidden"
            data-testid="upsert-files"
            onChange={(event) => addFiles(event.target.files)}
          />
        </div>
        {files.length > 0 && (
          <ul className="flex flex-col gap-1 text-sm" aria-label="Files to upsert">
            {files.map((file) => (
              <li
                key={`${file.name}:${file.size}`}
                className="flex items-center justify-between rounded-md bg-slate-50 px-3 py-1.5"
              >
                <span className="truncate">{file.name}</span>
                <span className="flex items-center gap-2 text-xs text-slate-500">
                  {(file.size / 1024).toFixed(1)} kB
                  <button
                    type="button"
                    aria-label={`Remove ${file.name}`}
                    className="text-slate-400 hover:text-red-600"
                    onClick={() => setFiles(files.filter((item) => item !== file))}
                  >
                    ×
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
        {progress !== null && (
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
            className="flex flex-col gap-1"
          >
            <div className="h-2 overflow-hidden rounded-full bg-slate-200">
              <div
                className="h-full bg-indigo-600 transition-all"
                style={{ width: `${Math.round(progress * 100)}%` }}
              />
            </div>
            <span className="text-xs text-slate-500">
              {progress < 1
                ? `Uploading… ${Math.round(progress * 100)}%`
                : "Reading, splitting and embedding…"}
            </span>
          </div>
        )}
        {error && (
          <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
            {error}
          </p>
        )}
        {result && (
          <dl
            data-testid="upsert-result"
            className="grid grid-cols-4 gap-2 rounded-lg bg-emerald-50 p-3 text-center text-emerald-900"
          >
            {(
              [
                ["Added", result.numAdded],
                ["Updated", result.numUpdated ?? 0],
                ["Skipped", result.numSkipped],
                ["Deleted", result.numDeleted ?? 0],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <dt className="text-xs">{label}</dt>
                <dd className="text-lg font-semibold" data-testid={`upsert-${label.toLowerCase()}`}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
        )}
        <div className="flex justify-end gap-2">
          {progress !== null ? (
            <button
              type="button"
              className={buttonClass.secondary}
              onClick={() => controller.current?.abort()}
            >
              Cancel
            </button>
          ) : (
            <button type="button" className={buttonClass.secondary} onClick={onClose}>
              Close
            </button>
          )}
          <button
            type="button"
            className={buttonClass.primary}
            disabled={files.length === 0 || progress !== null}
            onClick={() => void upsert()}
          >
            Upsert {files.length > 0 ? `${files.length} file${files.length > 1 ? "s" : ""}` : ""}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
