"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useState } from "react";
import { CodeEditor } from "@/components/editor/code-editor";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { buttonClass, fieldClass, inputClass, labelClass } from "@/components/ui/styles";
import { useToast } from "@/components/ui/toaster";
import { useUnsavedChangesGuard } from "@/components/ui/use-unsaved-changes-guard";
import { callApi, errorMessage } from "@/lib/client/api";
import {
  rowsFromSchema,
  sampleInput,
  schemaFromRows,
  toolGlobalsDeclaration,
  type PropertyRow,
} from "@/lib/client/tool-schema";
import type { Tool } from "@/lib/client/types";
import { SchemaEditor } from "./schema-editor";
import { ToolIcon } from "./tool-list";

const starterFunc = `// Runs when an agent calls this tool. Each input property is a variable named $<property>.
// $input holds the whole input, $vars the workspace variables, $flow {chatflowId, chatId, sessionId}.
// Return a string; other values are sent to the agent as JSON.
return \`You asked about \${JSON.stringify($input)}\`;
`;

interface Draft {
  name: string;
  description: string;
  color: string;
  iconSrc: string;
  rows: PropertyRow[];
  func: string;
}

function draftOf(tool: Tool | null): Draft {
  let rows: PropertyRow[] = [];
  try {
    rows = tool ? rowsFromSchema(tool.schema) : [];
  } catch {
    rows = [];
  }
  return {
    name: tool?.name ?? "",
    description: tool?.description ?? "",
    color: tool?.color ?? "#4f46e5",
    iconSrc: tool?.iconSrc ?? "",
    rows,
    func: tool?.func ?? starterFunc,
  };
}

type TestResult = { output?: string; error?: string; durationMs?: number };

function ArgsHelp({ rows }: { rows: PropertyRow[] }) {
  const named = rows.filter((row) => row.name.trim());
  return (
    <aside
      aria-label="Variables in scope"
      className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-xs text-slate-700"
    >
      <h3 className="mb-1.5 font-semibold text-slate-800">In scope</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {named.map((row) => (
          <div key={row.name} className="contents">
            <dt className="font-mono text-indigo-700">${row.name.trim()}</dt>
            <dd>
              {row.type}
              {row.required ? "" : ", optional"}
              {row.description ? ` — ${row.description}` : ""}
            </dd>
          </div>
        ))}
        <dt className="font-mono text-indigo-700">$input</dt>
        <dd>the whole input object</dd>
        <dt className="font-mono text-indigo-700">$vars</dt>
        <dd>workspace variables, e.g. $vars.API_BASE</dd>
        <dt className="font-mono text-indigo-700">$flow</dt>
        <dd>chatflowId, chatId, sessionId of the chat</dd>
      </dl>
      <p className="mt-2 text-slate-500">
        The code is the body of an async function: use <code>await</code> and <code>return</code> a string. It
        runs in an isolate without <code>require</code>, files or network.
      </p>
    </aside>
  );
}

/** Create or edit a tool: identity, input schema, function in Monaco, and a sandboxed test run. */
export function ToolEditor({ tool: initial }: { tool: Tool | null }) {
  const router = useRouter();
  const toast = useToast();
  const [tool, setTool] = useState(initial);
  const [draft, setDraft] = useState(() => draftOf(initial));
  const [saved, setSaved] = useState(() => JSON.stringify(draftOf(initial)));
  const [isSaving, setSaving] = useState(false);
  const [isDeleting, setDeleting] = useState(false);
  const [testInput, setTestInput] = useState(() =>
    JSON.stringify(sampleInput(draftOf(initial).rows), null, 2),
  );
  const [testResult, setTestResult] = useState<TestResult | null>(null);
  const [isTesting, setTesting] = useState(false);

  const { schema, errors } = useMemo(() => schemaFromRows(draft.rows), [draft.rows]);
  const declarations = useMemo(() => toolGlobalsDeclaration(draft.rows), [draft.rows]);
  const isDirty = JSON.stringify(draft) !== saved;
  useUnsavedChangesGuard(isDirty);

  const change = (fields: Partial<Draft>) => setDraft((current) => ({ ...current, ...fields }));

  const save = useCallback(async () => {
    if (errors.length) {
      toast.error(`Fix the input schema first: ${errors[0]}`);
      return;
    }
    setSaving(true);
    const body = {
      name: draft.name,
      description: draft.description,
      color: draft.color,
      iconSrc: draft.iconSrc.trim() || null,
      schema: JSON.stringify(schema),
      func: draft.func,
    };
    try {
      const result = tool
        ? await callApi<Tool>(`/tools/${tool.id}`, { method: "PUT", body })
        : await callApi<Tool>("/tools", { body });
      setTool(result);
      setSaved(JSON.stringify(draft));
      toast.success(tool ? "Tool saved" : "Tool created");
      if (!tool) router.replace(`/tools/${result.id}`);
    } catch (caught) {
      toast.error(`Save failed: ${errorMessage(caught)}`);
    } finally {
      setSaving(false);
    }
  }, [draft, errors, schema, tool, toast, router]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
        event.preventDefault();
        void save();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [save]);

  async function runTest() {
    let input: unknown;
    try {
      input = JSON.parse(testInput || "{}");
    } catch {
      setTestResult({ error: "The test input is not valid JSON" });
      return;
    }
    setTesting(true);
    setTestResult(null);
    try {
      setTestResult(
        await callApi<TestResult>("/tools/run", {
          body: { func: draft.func, schema: JSON.stringify(schema), input },
        }),
      );
    } catch (caught) {
      setTestResult({ error: errorMessage(caught) });
    } finally {
      setTesting(false);
    }
  }

  async function remove() {
    if (!tool) return;
    await callApi(`/tools/${tool.id}`, { method: "DELETE" })
      .then(() => {
        setSaved(JSON.stringify(draft));
        toast.success(`Deleted “${tool.name}”`);
        router.push("/tools");
      })
      .catch((caught) => toast.error(`Could not delete: ${errorMessage(caught)}`));
  }

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-5 px-6 py-6">
      <div className="flex items-center gap-3">
        <Link href="/tools" className={buttonClass.ghost}>
          ← Tools
        </Link>
        <ToolIcon tool={{ name: draft.name, color: draft.color, iconSrc: draft.iconSrc || null }} size={32} />
        <h1 className="flex-1 truncate text-xl font-semibold">
          {tool ? draft.name || "Untitled tool" : "New tool"}
        </h1>
        <span className="text-xs text-slate-500" data-testid="tool-save-status">
          {isDirty ? "Unsaved changes" : tool ? "Saved" : ""}
        </span>
        {tool && (
          <button
            type="button"
            className={`${buttonClass.ghost} text-red-700`}
            onClick={() => setDeleting(true)}
          >
            Delete
          </button>
        )}
        <button
          type="button"
          className={buttonClass.primary}
          onClick={() => void save()}
          disabled={isSaving || !draft.name.trim() || !draft.description.trim()}
        >
          {isSaving ? "Saving…" : tool ? "Save" : "Create tool"}
        </button>
      </div>

      <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-4 rounded-xl border border-slate-200 bg-white p-4">
        <label className={labelClass}>
          Name
          <input
            className={inputClass}
            value={draft.name}
            maxLength={100}
            placeholder="get_weather"
            onChange={(event) => change({ name: event.target.value })}
          />
        </label>
        <div className="flex gap-3">
          <label className={labelClass}>
            Colour
            <span className="flex items-center gap-2">
              <input
                type="color"
                aria-label="Colour picker"
                className="h-8 w-10 cursor-pointer rounded border border-slate-300"
                value={draft.color}
                onChange={(event) => change({ color: event.target.value })}
              />
              <input
                aria-label="Colour"
                className={`${fieldClass} w-24 font-mono`}
                value={draft.color}
                onChange={(event) => change({ color: event.target.value })}
              />
            </span>
          </label>
          <label className={`${labelClass} flex-1`}>
            <span>
              Icon URL <span className="font-normal text-slate-500">(optional)</span>
            </span>
            <input
              className={inputClass}
              type="url"
              placeholder="https://…/icon.png"
              value={draft.iconSrc}
              onChange={(event) => change({ iconSrc: event.target.value })}
            />
          </label>
        </div>
        <label className={`${labelClass} col-span-2`}>
          <span>
            Description{" "}
            <span className="font-normal text-slate-500">
              (the agent reads it to decide when to call the tool)
            </span>
          </span>
          <textarea
            className={inputClass}
            rows={2}
            value={draft.description}
            placeholder="Returns the current weather for a city"
            onChange={(event) => change({ description: event.target.value })}
          />
        </label>
      </div>

      <div className="rounded-xl border border-slate-200 bg-white p-4">
        <SchemaEditor rows={draft.rows} errors={errors} onChange={(rows) => change({ rows })} />
      </div>

      <div className="grid grid-cols-[minmax(0,1fr)_16rem] gap-4 rounded-xl border border-slate-200 bg-white p-4">
        <div className="flex min-w-0 flex-col gap-2">
          <h2 className="text-sm font-semibold text-slate-800">Function</h2>
          <CodeEditor
            value={draft.func}
            onChange={(func) => change({ func })}
            declarations={declarations}
            ariaLabel="Tool function"
            onSave={() => void save()}
          />
        </div>
        <ArgsHelp rows={draft.rows} />
      </div>

      <div className="grid grid-cols-2 gap-4 rounded-xl border border-slate-200 bg-white p-4">
        <div className="flex flex-col gap-2">
          <div className="flex items-center justify-between">
            <h2 className="text-sm font-semibold text-slate-800">Test input</h2>
            <button
              type="button"
              className={buttonClass.ghost}
              onClick={() => setTestInput(JSON.stringify(sampleInput(draft.rows), null, 2))}
            >
              Fill from schema
            </button>
          </div>
          <textarea
            aria-label="Test input"
            spellCheck={false}
            rows={6}
            className={`${inputClass} font-mono text-xs`}
            value={testInput}
            onChange={(event) => setTestInput(event.target.value)}
          />
          <button
            type="button"
            className={`${buttonClass.secondary} self-start`}
            onClick={() => void runTest()}
            disabled={isTesting}
          >
            {isTesting ? "Running…" : "Test"}
          </button>
        </div>
        <div className="flex flex-col gap-2" aria-live="polite">
          <h2 className="text-sm font-semibold text-slate-800">Result</h2>
          {!testResult && (
            <p className="text-sm text-slate-500">
              Run the function with the test input to see what the agent would get.
            </p>
          )}
          {testResult?.error !== undefined && (
            <pre
              role="alert"
              data-testid="tool-test-error"
              className="overflow-auto rounded-md bg-red-50 p-3 text-xs whitespace-pre-wrap text-red-800"
            >
              {testResult.error}
            </pre>
          )}
          {testResult?.output !== undefined && (
            <>
              <pre
                data-testid="tool-test-output"
                className="overflow-auto rounded-md bg-emerald-50 p-3 text-xs whitespace-pre-wrap text-emerald-900"
              >
                {testResult.output}
              </pre>
              {testResult.durationMs !== undefined && (
                <p className="text-xs text-slate-500">Ran in {testResult.durationMs} ms</p>
              )}
            </>
          )}
        </div>
      </div>

      <ConfirmDialog
        open={isDeleting}
        title="Delete tool?"
        message={`“${tool?.name ?? ""}” will be deleted. Flows that use it will fail until you pick another tool.`}
        onConfirm={remove}
        onClose={() => setDeleting(false)}
      />
    </div>
  );
}
