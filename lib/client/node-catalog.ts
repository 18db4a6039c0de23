// The palette's view of GET /api/v1/nodes. The catalog may list a node's inputs as an array (Flowise's
// INodeParams) or as an object keyed by input name, and may mark anchors with `kind` or only by a
// `type` that is not a parameter type; this module turns either into one shape for the canvas.

export const paramTypes = [
  "string",
  "number",
  "boolean",
  "options",
  "multiOptions",
  "json",
  "code",
  "password",
  "file",
  "asyncOptions",
  "asyncMultiOptions",
  "datagrid",
  "date",
] as const;

export interface OptionDef {
  name: string;
  label: string;
  description?: string;
}

export interface AnchorDef {
  name: string;
  label: string;
  /** Class names this anchor accepts (any one of them). */
  types: string[];
  list: boolean;
  optional: boolean;
  description?: string;
}

export interface ParamDef {
  name: string;
  label: string;
  type: string;
  optional: boolean;
  default?: unknown;
  options?: OptionDef[];
  rows?: number;
  placeholder?: string;
  description?: string;
  /** Shown under "More parameters", folded by default. */
  additional: boolean;
  loadMethod?: string;
  fileType?: string;
  step?: number;
}

export interface OutputDef {
  name: string;
  label: string;
  /** Class names the output provides. */
  types: string[];
  description?: string;
}

export interface CredentialDef {
  label: string;
  names: string[];
  optional: boolean;
}

export interface NodeDef {
  name: string;
  label: string;
  category: string;
  version: number;
  description: string;
  type: string;
  baseClasses: string[];
  anchors: AnchorDef[];
  params: ParamDef[];
  outputs: OutputDef[];
  credential?: CredentialDef;
  icon?: string;
  color?: string;
}

type Raw = Record<string, unknown>;

const isRecord = (value: unknown): value is Raw =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const asString = (value: unknown, fallback = "") => (typeof value === "string" ? value : fallback);

/** "A | B", ["A", "B"] or "A|B" → ["A", "B"]. */
export function splitTypes(value: unknown): string[] {
  const parts = Array.isArray(value) ? value.map(String) : typeof value === "string" ? value.split("|") : [];
  return parts.map((part) => part.trim()).filter(Boolean);
}

/** Turns a camelCase name into a label when the catalog gives none. */
export function labelFromName(name: string): string {
  const spaced = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ");
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

function readOptions(value: unknown): OptionDef[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.map((option) => {
    if (isRecord(option)) {
      const name = asString(option.name, asString(option.value, String(option.label ?? "")));
      return {
        name,
        label: asString(option.label, name),
        description: asString(option.description) || undefined,
      };
    }
    return { name: String(option), label: String(option) };
  });
}

function readEntries(value: unknown): Raw[] {
  if (Array.isArray(value)) return value.filter(isRecord);
  if (isRecord(value)) {
    return Object.entries(value).map(([name, entry]) =>
      isRecord(entry) ? { name, ...entry } : { name, type: entry },
    );
  }
  return [];
}

function isAnchorEntry(entry: Raw): boolean {
  if (entry.kind === "anchor") return true;
  if (entry.kind === "param" || entry.kind === "parameter") return false;
  const type = asString(entry.type);
  return !(paramTypes as readonly string[]).includes(type) && type !== "credential";
}

function readCredential(value: unknown): CredentialDef | undefined {
  if (typeof value === "string" && value) return { label: "Credential", names: [value], optional: true };
  if (Array.isArray(value) && value.length > 0)
    return { label: "Credential", names: value.map(String), optional: true };
  if (isRecord(value)) {
    const names = splitTypes(value.credentialNames ?? value.names ?? value.credentialName ?? value.name);
    if (names.length === 0) return undefined;
    return { label: asString(value.label, "Credential"), names, optional: value.optional !== false };
  }
  return undefined;
}

/** One catalog entry in the canvas' shape; null when it has no name. */
export function normalizeNodeDef(raw: unknown): NodeDef | null {
  if (!isRecord(raw) || typeof raw.name !== "string" || !raw.name) return null;
  const name = raw.name;
  const baseClasses = splitTypes(raw.baseClasses);
  const anchors: AnchorDef[] = [];
  const params: ParamDef[] = [];
  let credential = readCredential(raw.credential);

  for (const entry of readEntries(raw.inputs)) {
    const inputName = asString(entry.name);
    if (!inputName) continue;
    const label = asString(entry.label, labelFromName(inputName));
    const optional = entry.optional === true;
    const description = asString(entry.description) || undefined;
    if (entry.type === "credential") {
      credential ??= readCredential({ ...entry, optional: entry.optional !== false });
    } else if (isAnchorEntry(entry)) {
      const types = splitTypes(entry.types ?? entry.type ?? entry.baseClasses);
      anchors.push({ name: inputName, label, types, list: entry.list === true, optional, description });
    } else {
      params.push({
        name: inputName,
        label,
        type: asString(entry.type, "string"),
        optional,
        default: entry.default,
        options: readOptions(entry.options),
        rows: typeof entry.rows === "number" ? entry.rows : undefined,
        placeholder: asString(entry.placeholder) || undefined,
        description,
        additional: entry.additionalParams === true || entry.additional === true,
        loadMethod: asString(entry.loadMethod) || undefined,
        fileType: asString(entry.fileType) || undefined,
        step: typeof entry.step === "number" ? entry.step : undefined,
      });
    }
  }

  const outputs: OutputDef[] = readEntries(raw.outputs).flatMap((entry) => {
    // Flowise's "options" output: one anchor whose options are the real outputs.
    if (entry.type === "options" && Array.isArray(entry.options))
      return readEntries(entry.options).map(readOutput);
    return [readOutput(entry)];
  });
  const label = asString(raw.label, labelFromName(name));
  if (outputs.length === 0) outputs.push({ name, label, types: baseClasses });

  return {
    name,
    label,
    category: asString(raw.category, "Other"),
    version: typeof raw.version === "number" ? raw.version : 1,
    description: asString(raw.description),
    type: asString(raw.type, baseClasses[0] ?? name),
    baseClasses,
    anchors,
    params,
    outputs,
    credential,
    icon: asString(raw.icon) || undefined,
    color: asString(raw.color) || undefined,
  };

  function readOutput(entry: Raw): OutputDef {
    const outputName = asString(entry.name, name);
    return {
      name: outputName,
      label: asString(entry.label, labelFromName(outputName)),
      types: splitTypes(entry.baseClasses ?? entry.types ?? entry.type).length
        ? splitTypes(entry.baseClasses ?? entry.types ?? entry.type)
        : baseClasses,
      description: asString(entry.description) || undefined,
    };
  }
}

/** The whole catalog, keyed by node name. */
export function normalizeCatalog(raw: unknown): Map<string, NodeDef> {
  const list = Array.isArray(raw) ? raw : isRecord(raw) && Array.isArray(raw.nodes) ? raw.nodes : [];
  const catalog = new Map<string, NodeDef>();
  for (const entry of list) {
    const def = normalizeNodeDef(entry);
    if (def) catalog.set(def.name, def);
  }
  return catalog;
}

export interface PaletteGroup {
  category: string;
  nodes: NodeDef[];
}

/** Nodes matching `query` (label, name, description or category), grouped by category, A→Z. */
export function groupPalette(defs: Iterable<NodeDef>, query: string): PaletteGroup[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const groups = new Map<string, NodeDef[]>();
  for (const def of defs) {
    const haystack = `${def.label} ${def.name} ${def.description} ${def.category}`.toLowerCase();
    if (!words.every((word) => haystack.includes(word))) continue;
    const group = groups.get(def.category) ?? [];
    group.push(def);
    groups.set(def.category, group);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([category, nodes]) => ({ category, nodes: nodes.sort((a, b) => a.label.localeCompare(b.label)) }));
}

export const stickyNoteDef: NodeDef = {
  name: "stickyNote",
  label: "Sticky Note",
  category: "Utilities",
  version: 1,
  description: "A note on the canvas; ignored when the flow runs",
  type: "StickyNote",
  baseClasses: ["StickyNote"],
  anchors: [],
  params: [{ name: "note", label: "Note", type: "string", optional: true, rows: 3, additional: false }],
  outputs: [],
};
