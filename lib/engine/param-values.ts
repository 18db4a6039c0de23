import type { ParamInput } from "@/lib/nodes/types";

export type Coerced = { ok: true; value: unknown } | { ok: false; problem: string };

/**
 * A param value as its node receives it: numbers and booleans from text (Flowise exports store
 * "0.9"), JSON parsed from text, empty ("" or null) as undefined so defaults apply.
 */
export function coerceParamValue(input: ParamInput, value: unknown): Coerced {
  if (value === undefined || value === null || value === "") return { ok: true, value: undefined };
  switch (input.type) {
    case "number": {
      const number = typeof value === "number" ? value : typeof value === "string" ? Number(value.trim()) : NaN;
      return Number.isFinite(number) ? { ok: true, value: number } : { ok: false, problem: "must be a number" };
    }
    case "boolean":
      if (typeof value === "boolean") return { ok: true, value };
      if (value === "true" || value === "false") return { ok: true, value: value === "true" };
      return { ok: false, problem: "must be true or false" };
    case "json":
      if (typeof value !== "string") return { ok: true, value };
      try {
        return { ok: true, value: JSON.parse(value) };
      } catch {
        return { ok: false, problem: "is not valid JSON" };
      }
    default:
      if (typeof value === "string") return { ok: true, value };
      if (typeof value === "number" || typeof value === "boolean") return { ok: true, value: String(value) };
      return { ok: false, problem: "must be text" };
  }
}

/** Param types whose text may contain {{…}} templates. */
export function acceptsTemplates(input: ParamInput): boolean {
  return input.type === "string" || input.type === "json" || input.type === "options";
}
