"use client";

import { useId, useState } from "react";
import { fieldClass } from "@/components/ui/styles";
import type { ParamDef } from "@/lib/client/node-catalog";
import { ToolPicker } from "./pickers";

const base = `${fieldClass} nodrag w-full px-2 py-1 text-xs`;
const mono = `${base} nowheel font-mono`;

interface ParamFieldProps {
  param: ParamDef;
  value: unknown;
  isMissing: boolean;
  onChange: (value: unknown) => void;
}

const asText = (value: unknown) =>
  value === undefined || value === null
    ? ""
    : typeof value === "string"
      ? value
      : JSON.stringify(value, null, 2);

/** Flowise stores file inputs as `data:<mime>;base64,<data>,filename:<name>`. */
function fileNameOf(value: unknown): string | null {
  if (typeof value !== "string" || !value.startsWith("data:")) return null;
  return value.match(/,filename:(.+)$/)?.[1] ?? "file";
}

function readFileAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(`${reader.result as string},filename:${file.name}`);
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

function JsonEditor({
  id,
  value,
  onChange,
  rows,
}: {
  id: string;
  value: unknown;
  onChange: (value: unknown) => void;
  rows: number;
}) {
  const [draft, setDraft] = useState(() => asText(value));
  const [isValid, setValid] = useState(true);
  return (
    <>
      <textarea
        id={id}
        rows={rows}
        spellCheck={false}
        className={`${mono} ${isValid ? "" : "border-red-400"}`}
        value={draft}
        onChange={(event) => {
          const text = event.target.value;
          setDraft(text);
          if (text.trim() === "") {
            setValid(true);
            onChange("");
            return;
          }
          try {
            onChange(JSON.parse(text));
            setValid(true);
          } catch {
            setValid(false);
          }
        }}
      />
      {!isValid && (
        <span className="text-[11px] text-red-600">Not valid JSON yet; the last valid value is kept.</span>
      )}
    </>
  );
}

/** One parameter of a node card, edited in place. */
export function ParamField({ param, value, isMissing, onChange }: ParamFieldProps) {
  const id = useId();
  const label = param.label || param.name;
  const header = (
    <label
      htmlFor={id}
      className="flex items-center justify-between gap-2 text-xs font-medium text-slate-600"
    >
      <span title={param.description}>
        {label}
        {!param.optional && param.type !== "boolean" && <span className="text-red-500"> *</span>}
      </span>
      {isMissing && (
        <span className="rounded bg-red-50 px-1 text-[10px] font-semibold text-red-600 uppercase">
          required
        </span>
      )}
    </label>
  );

  let control: React.ReactNode;
  switch (param.type) {
    case "boolean":
      return (
        <label
          className="flex items-center gap-2 text-xs font-medium text-slate-600"
          title={param.description}
        >
          <input
            type="checkbox"
            className="nodrag h-3.5 w-3.5 accent-indigo-600"
            checked={value === true || value === "true"}
            onChange={(event) => onChange(event.target.checked)}
          />
          {label}
        </label>
      );
    case "number":
      control = (
        <input
          id={id}
          type="number"
          step={param.step ?? "any"}
          className={base}
          placeholder={param.placeholder}
          value={asText(value)}
          onChange={(event) => onChange(event.target.value === "" ? "" : Number(event.target.value))}
        />
      );
      break;
    case "password":
      control = (
        <input
          id={id}
          type="password"
          autoComplete="off"
          className={base}
          value={asText(value)}
          onChange={(event) => onChange(event.target.value)}
        />
      );
      break;
    case "options":
      control = (
        <select
          id={id}
          className={`${base} nowheel`}
          value={asText(value)}
          onChange={(event) => onChange(event.target.value)}
        >
          {param.optional || value === "" ? <option value="">—</option> : null}
          {param.options?.map((option) => (
            <option key={option.name} value={option.name} title={option.description}>
              {option.label}
            </option>
          ))}
        </select>
      );
      break;
    case "multiOptions": {
      const selected = Array.isArray(value)
        ? value.map(String)
        : typeof value === "string" && value
          ? value.split(",")
          : [];
      control = (
        <div id={id} className="flex flex-col gap-0.5">
          {param.options?.map((option) => (
            <label key={option.name} className="flex items-center gap-1.5 text-xs">
              <input
                type="checkbox"
                className="nodrag accent-indigo-600"
                checked={selected.includes(option.name)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...selected, option.name]
                      : selected.filter((item) => item !== option.name),
                  )
                }
              />
              {option.label}
            </label>
          ))}
        </div>
      );
      break;
    }
    case "json":
      control = <JsonEditor id={id} value={value} onChange={onChange} rows={param.rows ?? 3} />;
      break;
    case "code":
      control = (
        <textarea
          id={id}
          rows={param.rows ?? 6}
          spellCheck={false}
          className={mono}
          value={asText(value)}
          onChange={(event) => onChange(event.target.value)}
        />
      );
      break;
    case "file": {
      const fileName = fileNameOf(value);
      control = (
        <div className="flex flex-col gap-1">
          {fileName && (
            <div className="flex items-center justify-between rounded bg-slate-100 px-2 py-1 text-xs">
              <span className="truncate">{fileName}</span>
              <button
                type="button"
                className="nodrag text-slate-500 hover:text-red-600"
                aria-label={`Remove ${fileName}`}
                onClick={() => onChange("")}
              >
                ×
              </button>
            </div>
          )}
          <input
            id={id}
            type="file"
            accept={param.fileType}
            className="nodrag text-xs file:mr-2 file:rounded file:border-0 file:bg-slate-100 file:px-2 file:py-1"
            onChange={async (event) => {
              const file = event.target.files?.[0];
              if (file) onChange(await readFileAsDataUrl(file));
            }}
          />
        </div>
      );
      break;
    }
    case "asyncOptions":
      if (param.loadMethod === "listTools" || param.name === "selectedTool") {
        return (
          <div className="flex flex-col gap-1">
            {header}
            <ToolPicker label={label} value={asText(value)} onChange={onChange} />
          </div>
        );
      }
      control = (
        <input
          id={id}
          className={base}
          value={asText(value)}
          onChange={(event) => onChange(event.target.value)}
        />
      );
      break;
    default:
      control =
        (param.rows ?? 1) > 1 ? (
          <textarea
            id={id}
            rows={param.rows}
            className={`${base} nowheel`}
            placeholder={param.placeholder}
            value={asText(value)}
            onChange={(event) => onChange(event.target.value)}
          />
        ) : (
          <input
            id={id}
            type={param.type === "date" ? "date" : "text"}
            className={base}
            placeholder={param.placeholder}
            value={asText(value)}
            onChange={(event) => onChange(event.target.value)}
          />
        );
  }
  return (
    <div className="flex flex-col gap-1">
      {header}
      {control}
      {param.description && param.type !== "boolean" && (
        <span className="text-[11px] leading-snug text-slate-400">{param.description}</span>
      )}
    </div>
  );
}
