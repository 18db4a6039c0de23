"use client";

import { useState } from "react";
import { buttonClass, fieldClass } from "@/components/ui/styles";
import {
  emptyRow,
  propertyTypes,
  rowsFromSchema,
  schemaFromRows,
  type PropertyRow,
} from "@/lib/client/tool-schema";

const cell = `${fieldClass} w-full px-2 py-1 text-sm`;

interface SchemaEditorProps {
  rows: PropertyRow[];
  onChange: (rows: PropertyRow[]) => void;
  errors: string[];
}

/** The input schema as an editable properties table, with a JSON view kept in sync both ways. */
export function SchemaEditor({ rows, onChange, errors }: SchemaEditorProps) {
  const [view, setView] = useState<"table" | "json">("table");
  const [jsonDraft, setJsonDraft] = useState<string | null>(null);
  const [jsonError, setJsonError] = useState<string | null>(null);
  const schemaText = JSON.stringify(schemaFromRows(rows).schema, null, 2);

  const update = (index: number, change: Partial<PropertyRow>) =>
    onChange(rows.map((row, position) => (position === index ? { ...row, ...change } : row)));

  return (
    <section aria-labelledby="schema-heading" className="flex flex-col gap-2">
      <div className="flex items-center justify-between">
        <h2 id="schema-heading" className="text-sm font-semibold text-slate-800">
          Input schema
        </h2>
        <div
          role="tablist"
          aria-label="Schema view"
          className="flex rounded-md border border-slate-300 p-0.5 text-xs"
        >
          {(["table", "json"] as const).map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={view === name}
              onClick={() => {
                setView(name);
                setJsonDraft(null);
                setJsonError(null);
              }}
              className={`rounded px-2.5 py-1 ${view === name ? "bg-indigo-600 text-white" : "text-slate-600 hover:bg-slate-100"}`}
            >
              {name === "table" ? "Table" : "JSON"}
            </button>
          ))}
        </div>
      </div>

      {view === "table" ? (
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="w-full text-left text-xs" data-testid="schema-table">
            <thead className="bg-slate-50 text-slate-500">
              <tr>
                <th className="px-2 py-1.5 font-medium">Property</th>
                <th className="px-2 py-1.5 font-medium">Type</th>
                <th className="px-2 py-1.5 font-medium">Description</th>
                <th className="px-2 py-1.5 text-center font-medium">Required</th>
                <th className="px-2 py-1.5 font-medium">Allowed values</th>
                <th className="px-2 py-1.5 font-medium">Default</th>
                <th className="px-2 py-1.5" />
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 && (
                <tr>
                  <td colSpan={7} className="px-3 py-4 text-center text-slate-500">
                    No properties: the tool takes no input.
                  </td>
                </tr>
              )}
              {rows.map((row, index) => (
                <tr key={index} className="border-t border-slate-100 align-top">
                  <td className="w-36 p-1.5">
                    <input
                      aria-label={`Property ${index + 1} name`}
                      className={`${cell} font-mono`}
                      value={row.name}
                      placeholder="city"
                      onChange={(event) => update(index, { name: event.target.value })}
                    />
                  </td>
                  <td className="w-28 p-1.5">
                    <select
                      aria-label={`Property ${index + 1} type`}
                      className={cell}
                      value={row.type}
                      onChange={(event) => update(index, { type: event.target.value as PropertyRow["type"] })}
                    >
                      {propertyTypes.map((type) => (
                        <option key={type} value={type}>
                          {type}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className="p-1.5">
                    <input
                      aria-label={`Property ${index + 1} description`}
                      className={cell}
                      value={row.description}
                      placeholder="What the agent should pass"
                      onChange={(event) => update(index, { description: event.target.value })}
                    />
                  </td>
                  <td className="p-1.5 text-center">
                    <input
                      type="checkbox"
                      aria-label={`Property ${index + 1} required`}
                      className="mt-1.5 accent-indigo-600"
                      checked={row.required}
                      onChange={(event) => update(index, { required: event.target.checked })}
                    />
                  </td>
                  <td className="w-32 p-1.5">
                    <input
                      aria-label={`Property ${index + 1} allowed values`}
                      className={cell}
                      value={row.enumText}
                      placeholder="a, b"
                      onChange={(event) => update(index, { enumText: event.target.value })}
                    />
                  </td>
                  <td className="w-28 p-1.5">
                    <input
                      aria-label={`Property ${index + 1} default`}
                      className={cell}
                      value={row.defaultText}
                      onChange={(event) => update(index, { defaultText: event.target.value })}
                    />
                  </td>
                  <td className="p-1.5">
                    <button
                      type="button"
                      aria-label={`Remove property ${index + 1}`}
                      className={buttonClass.icon}
                      onClick={() => onChange(rows.filter((_, position) => position !== index))}
                    >
                      ×
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="border-t border-slate-100 p-1.5">
            <button
              type="button"
              className={buttonClass.ghost}
              onClick={() => onChange([...rows, emptyRow()])}
            >
              + Add property
            </button>
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-1">
          <textarea
            aria-label="Schema JSON"
            spellCheck={false}
            rows={12}
            className={`${fieldClass} w-full font-mono text-xs ${jsonError ? "border-red-400" : ""}`}
            value={jsonDraft ?? schemaText}
            onChange={(event) => {
              const text = event.target.value;
              setJsonDraft(text);
              try {
                onChange(rowsFromSchema(text));
                setJsonError(null);
              } catch (caught) {
                setJsonError(
                  caught instanceof SyntaxError ? "Not valid JSON yet" : (caught as Error).message,
                );
              }
            }}
          />
          {jsonError && (
            <p className="text-xs text-red-600">{jsonError}; the table keeps the last valid schema.</p>
          )}
        </div>
      )}
      {errors.length > 0 && (
        <ul className="list-disc pl-5 text-xs text-red-600" data-testid="schema-errors">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
