"use client";

import { useState } from "react";
import { fieldClass } from "@/components/ui/styles";
import type { Credential, Tool } from "@/lib/client/types";
import { forgetCachedList, useCachedList } from "./use-cached-list";

const selectClass = `${fieldClass} nodrag nowheel w-full py-1 text-xs`;

function RefreshButton({ path, onRefresh, label }: { path: string; onRefresh: () => void; label: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className="nodrag rounded px-1 text-xs text-slate-500 hover:bg-slate-100"
      onClick={() => {
        forgetCachedList(path);
        onRefresh();
      }}
    >
      ↻
    </button>
  );
}

/** Credentials of the accepted types; empty means the deployment's environment default. */
export function CredentialPicker({
  names,
  value,
  onChange,
  label,
}: {
  names: string[];
  value: string;
  onChange: (id: string) => void;
  label: string;
}) {
  const [generation, setGeneration] = useState(0);
  const path = names.map((name) => `/credentials?credentialName=${encodeURIComponent(name)}`).join("\n");
  const { items, error } = useCachedList<Credential>(path, generation);
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center justify-between text-xs font-medium text-slate-600">
        <span>{label}</span>
        <span className="flex items-center gap-1">
          <a href="/credentials" target="_blank" className="nodrag text-indigo-600 hover:underline">
            Manage
          </a>
          <RefreshButton
            path={path}
            label="Reload credentials"
            onRefresh={() => setGeneration((g) => g + 1)}
          />
        </span>
      </div>
      <select
        aria-label={label}
        className={selectClass}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{items === undefined && !error ? "Loading…" : "Environment default"}</option>
        {items?.map((credential) => (
          <option key={credential.id} value={credential.id}>
            {credential.name}
          </option>
        ))}
        {value && items && !items.some((credential) => credential.id === value) && (
          <option value={value}>Missing credential</option>
        )}
      </select>
      {error && <p className="text-xs text-red-600">{error}</p>}
      {items?.length === 0 && (
        <p className="text-xs text-slate-500">No {names.join(" / ")} credential yet.</p>
      )}
    </div>
  );
}

/** The workspace's tools, by id (customTool's `selectedTool`). */
export function ToolPicker({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (id: string) => void;
  label: string;
}) {
  const [generation, setGeneration] = useState(0);
  const { items, error } = useCachedList<Tool>("/tools", generation);
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-1">
        <select
          aria-label={label}
          className={selectClass}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{items === undefined && !error ? "Loading tools…" : "Choose a tool"}</option>
          {items?.map((tool) => (
            <option key={tool.id} value={tool.id}>
              {tool.name}
            </option>
          ))}
          {value && items && !items.some((tool) => tool.id === value) && (
            <option value={value}>Missing tool</option>
          )}
        </select>
        <RefreshButton path="/tools" label="Reload tools" onRefresh={() => setGeneration((g) => g + 1)} />
      </div>
      <div className="flex gap-2 text-xs">
        {value && (
          <a href={`/tools/${value}`} target="_blank" className="nodrag text-indigo-600 hover:underline">
            Edit tool
          </a>
        )}
        <a href="/tools/new" target="_blank" className="nodrag text-indigo-600 hover:underline">
          New tool
        </a>
      </div>
      {error && <p className="text-xs text-red-600">{error}</p>}
    </div>
  );
}
