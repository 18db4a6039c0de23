import type { AnchorDef, NodeDef, OutputDef } from "./node-catalog";

// Flowise-shaped flows (ARCHITECTURE.md "Engine") as the canvas edits them. Handle ids follow Flowise:
// `<nodeId>-input-<anchor>-<Type|Type>` and `<nodeId>-output-<output>-<Type|Type>`, so edges of a
// Flowise export attach to our handles unchanged.

export interface XY {
  x: number;
  y: number;
}

export interface FlowNodeData {
  id: string;
  name: string;
  label?: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
  credential?: string;
  [key: string]: unknown;
}

export interface FlowNode {
  id: string;
  type?: string;
  position: XY;
  data: FlowNodeData;
  width?: number;
  height?: number;
  measured?: { width?: number; height?: number };
  selected?: boolean;
  [key: string]: unknown;
}

export interface FlowEdge {
  id: string;
  source: string;
  target: string;
  sourceHandle?: string | null;
  targetHandle?: string | null;
  type?: string;
  [key: string]: unknown;
}

export interface FlowState {
  nodes: FlowNode[];
  edges: FlowEdge[];
  viewport?: { x: number; y: number; zoom: number };
}

export const inputHandleId = (nodeId: string, anchor: AnchorDef) =>
  `${nodeId}-input-${anchor.name}-${anchor.types.join("|")}`;
export const outputHandleId = (nodeId: string, output: OutputDef) =>
  `${nodeId}-output-${output.name}-${output.types.join("|")}`;
export const paramHandleId = (nodeId: string, name: string, type: string) =>
  `${nodeId}-input-${name}-${type}`;

/** The anchor or output name inside a handle id, e.g. `model` in `llmChain_0-input-model-BaseChatModel`. */
export function handleName(handleId: string | null | undefined, nodeId: string, kind: "input" | "output") {
  if (!handleId) return undefined;
  const prefix = `${nodeId}-${kind}-`;
  const rest = handleId.startsWith(prefix) ? handleId.slice(prefix.length) : handleId.split(`-${kind}-`)[1];
  return rest?.split("-")[0] || undefined;
}

export const isStickyNote = (node: Pick<FlowNode, "type" | "data">) =>
  node.type === "stickyNote" || node.data?.name === "stickyNote";

export const instanceRef = (nodeId: string) => `{{${nodeId}.data.instance}}`;

/** `chatOpenAI_2` when `chatOpenAI_0` and `chatOpenAI_1` exist. */
export function nextNodeId(name: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  for (let index = 0; ; index++) {
    const id = `${name}_${index}`;
    if (!used.has(id)) return id;
  }
}

export const edgeId = (edge: Pick<FlowEdge, "source" | "target" | "sourceHandle" | "targetHandle">) =>
  `${edge.source}-${edge.sourceHandle ?? ""}-${edge.target}-${edge.targetHandle ?? ""}`;

// ---------------------------------------------------------------------------------------------
// Node definitions for rendering: the catalog's, or for a node the catalog does not know, what
// the flow itself stored (Flowise keeps inputAnchors/inputParams/outputAnchors in each node).

export function defaultInputs(def: NodeDef): Record<string, unknown> {
  const inputs: Record<string, unknown> = {};
  for (const anchor of def.anchors) inputs[anchor.name] = anchor.list ? [] : "";
  for (const param of def.params) inputs[param.name] = param.default ?? "";
  return inputs;
}

/** A new node of `def` at `position`, with Flowise's data fields so exports load in Flowise too. */
export function createNode(def: NodeDef, id: string, position: XY): FlowNode {
  const isNote = def.name === "stickyNote";
  return {
    id,
    type: isNote ? "stickyNote" : "customNode",
    position,
    data: {
      id,
      label: def.label,
      version: def.version,
      name: def.name,
      type: def.type,
      baseClasses: def.baseClasses,
      category: def.category,
      description: def.description,
      inputParams: def.params.map((param) => ({
        label: param.label,
        name: param.name,
        type: param.type,
        ...(param.optional ? { optional: true } : {}),
        ...(param.default !== undefined ? { default: param.default } : {}),
        ...(param.options ? { options: param.options } : {}),
        ...(param.rows ? { rows: param.rows } : {}),
        ...(param.additional ? { additionalParams: true } : {}),
        id: paramHandleId(id, param.name, param.type),
      })),
      inputAnchors: def.anchors.map((anchor) => ({
        label: anchor.label,
        name: anchor.name,
        type: anchor.types.join(" | "),
        ...(anchor.list ? { list: true } : {}),
        ...(anchor.optional ? { optional: true } : {}),
        id: inputHandleId(id, anchor),
      })),
      inputs: defaultInputs(def),
      outputAnchors: isNote
        ? []
        : def.outputs.map((output) => ({
            id: outputHandleId(id, output),
            name: output.name,
            label: output.label,
            type: output.types.join(" | "),
          })),
      outputs: def.outputs.length > 1 ? { output: def.outputs[0].name } : {},
      selected: false,
    },
  };
}

type StoredAnchor = { name?: unknown; label?: unknown; type?: unknown; list?: unknown; optional?: unknown };
const readArray = (value: unknown) => (Array.isArray(value) ? (value as StoredAnchor[]) : []);

/** What a node stored about itself, as a NodeDef (for nodes missing from the catalog). */
export function defFromStoredNode(data: FlowNodeData): NodeDef {
  const text = (value: unknown, fallback = "") => (typeof value === "string" ? value : fallback);
  const types = (value: unknown) =>
    (Array.isArray(value) ? value.map(String) : text(value).split("|")).map((t) => t.trim()).filter(Boolean);
  const outputs = readArray(data.outputAnchors).flatMap((anchor) =>
    anchor.type === "options" && Array.isArray((anchor as { options?: unknown }).options)
      ? readArray((anchor as { options: unknown }).options)
      : [anchor],
  );
  return {
    name: data.name,
    label: text(data.label, data.name),
    category: text(data.category, "Other"),
    version: typeof data.version === "number" ? data.version : 1,
    description: text(data.description),
    type: text(data.type, data.name),
    baseClasses: types(data.baseClasses),
    anchors: readArray(data.inputAnchors).map((anchor) => ({
      name: text(anchor.name),
      label: text(anchor.label, text(anchor.name)),
      types: types(anchor.type),
      list: anchor.list === true,
      optional: anchor.optional === true,
    })),
    params: readArray(data.inputParams)
      .filter((param) => param.type !== "credential")
      .map((param) => ({
        name: text(param.name),
        label: text(param.label, text(param.name)),
        type: text(param.type, "string"),
        optional: param.optional === true,
        additional: (param as { additionalParams?: unknown }).additionalParams === true,
        options: Array.isArray((param as { options?: unknown }).options)
          ? (param as { options: Array<{ name: string; label?: string }> }).options.map((option) => ({
              name: String(option.name),
              label: String(option.label ?? option.name),
            }))
          : undefined,
      })),
    outputs: outputs.map((output) => ({
      name: text(output.name),
      label: text(output.label, text(output.name)),
      types: types(output.type),
    })),
  };
}

export function resolveDef(
  data: FlowNodeData,
  catalog: Map<string, NodeDef>,
): { def: NodeDef; isKnown: boolean } {
  const known = catalog.get(data.name);
  return known ? { def: known, isKnown: true } : { def: defFromStoredNode(data), isKnown: false };
}

// ---------------------------------------------------------------------------------------------
// Connections

export interface Connection {
  source: string | null;
  target: string | null;
  sourceHandle?: string | null;
  targetHandle?: string | null;
}

export function findOutput(def: NodeDef, nodeId: string, handleId: string | null | undefined) {
  const name = handleName(handleId, nodeId, "output");
  return (
    def.outputs.find((output) => output.name === name) ??
    (def.outputs.length === 1 ? def.outputs[0] : undefined)
  );
}

export function findAnchor(def: NodeDef, nodeId: string, handleId: string | null | undefined) {
  const name = handleName(handleId, nodeId, "input");
  return def.anchors.find((anchor) => anchor.name === name);
}

export const typesMatch = (provided: string[], accepted: string[]) =>
  accepted.some((type) => provided.includes(type));

/** True when an edge from `source` to `target` would close a loop. */
export function wouldCreateCycle(
  edges: Pick<FlowEdge, "source" | "target">[],
  source: string,
  target: string,
) {
  if (source === target) return true;
  const outgoing = new Map<string, string[]>();
  for (const edge of edges) outgoing.set(edge.source, [...(outgoing.get(edge.source) ?? []), edge.target]);
  const seen = new Set<string>();
  const stack = [target];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (current === source) return true;
    if (seen.has(current)) continue;
    seen.add(current);
    stack.push(...(outgoing.get(current) ?? []));
  }
  return false;
}

export type ConnectionVerdict = { ok: true } | { ok: false; reason: string };

/** Whether a connection joins an output to an anchor that accepts its type without a cycle. */
export function checkConnection(
  connection: Connection,
  nodes: FlowNode[],
  edges: FlowEdge[],
  catalog: Map<string, NodeDef>,
): ConnectionVerdict {
  const source = nodes.find((node) => node.id === connection.source);
  const target = nodes.find((node) => node.id === connection.target);
  if (!source || !target) return { ok: false, reason: "Unknown node" };
  if (isStickyNote(source) || isStickyNote(target))
    return { ok: false, reason: "Sticky notes do not connect" };
  const output = findOutput(resolveDef(source.data, catalog).def, source.id, connection.sourceHandle);
  const anchor = findAnchor(resolveDef(target.data, catalog).def, target.id, connection.targetHandle);
  if (!output || !anchor) return { ok: false, reason: "Connect an output to an input anchor" };
  if (!typesMatch(output.types, anchor.types)) {
    return {
      ok: false,
      reason: `${anchor.label} accepts ${anchor.types.join(" or ")}, not ${output.types[0] ?? "this"}`,
    };
  }
  const others = edges.filter(
    (edge) => !(edge.target === target.id && edge.targetHandle === connection.targetHandle && !anchor.list),
  );
  if (wouldCreateCycle(others, source.id, target.id))
    return { ok: false, reason: "That connection would create a loop" };
  return { ok: true };
}

/**
 * Adds an edge for a checked connection. A single (non-list) anchor holds one connection, so the
 * previous edge into it is replaced; the same connection twice is kept once.
 */
export function connectEdges(
  edges: FlowEdge[],
  connection: Required<Pick<Connection, "source" | "target">> & Connection,
  isList: boolean,
): FlowEdge[] {
  const edge: FlowEdge = {
    id: edgeId({ ...connection, source: connection.source!, target: connection.target! }),
    source: connection.source!,
    target: connection.target!,
    sourceHandle: connection.sourceHandle ?? null,
    targetHandle: connection.targetHandle ?? null,
    type: "buttonedge",
  };
  const kept = edges.filter(
    (existing) =>
      existing.id !== edge.id &&
      !(!isList && existing.target === edge.target && existing.targetHandle === edge.targetHandle),
  );
  return [...kept, edge];
}

// ---------------------------------------------------------------------------------------------
// Validation before running

export interface MissingInput {
  nodeId: string;
  nodeLabel: string;
  input: string;
}

export const isEmptyValue = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === "string" && value.trim() === "") ||
  (Array.isArray(value) && value.length === 0);

/** Required anchors without a connection and required params without a value, per node. */
export function findMissingInputs(
  nodes: FlowNode[],
  edges: FlowEdge[],
  catalog: Map<string, NodeDef>,
): MissingInput[] {
  const missing: MissingInput[] = [];
  for (const node of nodes) {
    if (isStickyNote(node)) continue;
    const { def } = resolveDef(node.data, catalog);
    const nodeLabel = String(node.data.label ?? def.label);
    for (const anchor of def.anchors) {
      if (anchor.optional) continue;
      const connected = edges.some(
        (edge) => edge.target === node.id && edge.targetHandle === inputHandleId(node.id, anchor),
      );
      if (!connected) missing.push({ nodeId: node.id, nodeLabel, input: anchor.label });
    }
    for (const param of def.params) {
      if (param.optional || param.additional || param.type === "boolean") continue;
      // The engine applies a param's default when the flow leaves it out.
      if (isEmptyValue(node.data.inputs?.[param.name] ?? param.default))
        missing.push({ nodeId: node.id, nodeLabel, input: param.label });
    }
  }
  return missing;
}

// ---------------------------------------------------------------------------------------------
// Loading and saving flowData

const NODE_WIDTH = 300;
const COLUMN_GAP = 100;
const ROW_GAP = 48;
const DEFAULT_HEIGHT = 320;

/** Positions in columns by longest path from the flow's first nodes (inputs left, ending node right). */
export function layoutNodes(nodes: FlowNode[], edges: FlowEdge[]): FlowNode[] {
  const ids = new Set(nodes.map((node) => node.id));
  const incoming = new Map<string, string[]>();
  for (const edge of edges) {
    if (!ids.has(edge.source) || !ids.has(edge.target)) continue;
    incoming.set(edge.target, [...(incoming.get(edge.target) ?? []), edge.source]);
  }
  const rank = new Map<string, number>();
  const visiting = new Set<string>();
  const rankOf = (id: string): number => {
    const known = rank.get(id);
    if (known !== undefined) return known;
    if (visiting.has(id)) return 0; // a cycle in an imported flow: break it anywhere
    visiting.add(id);
    const value = Math.max(-1, ...(incoming.get(id) ?? []).map(rankOf)) + 1;
    visiting.delete(id);
    rank.set(id, value);
    return value;
  };
  const columns: FlowNode[][] = [];
  for (const node of nodes) (columns[rankOf(node.id)] ??= []).push(node);

  const rowOf = new Map<string, number>();
  const positioned = new Map<string, XY>();
  columns.forEach((column, index) => {
    // Order each column by the average row of its sources, which keeps most edges from crossing.
    const weight = (node: FlowNode) => {
      const sources = (incoming.get(node.id) ?? []).map((id) => rowOf.get(id) ?? 0);
      return sources.length ? sources.reduce((a, b) => a + b, 0) / sources.length : 0;
    };
    const ordered = index === 0 ? column : [...column].sort((a, b) => weight(a) - weight(b));
    let y = 0;
    ordered.forEach((node, row) => {
      rowOf.set(node.id, row);
      positioned.set(node.id, { x: index * (NODE_WIDTH + COLUMN_GAP), y });
      y += (node.measured?.height ?? node.height ?? DEFAULT_HEIGHT) + ROW_GAP;
    });
  });
  return nodes.map((node) => ({ ...node, position: positioned.get(node.id) ?? node.position }));
}

const hasPosition = (node: { position?: unknown }) => {
  const position = node.position as Partial<XY> | undefined;
  return typeof position?.x === "number" && typeof position?.y === "number";
};

/** True when the flow carries no usable positions (hand-written or generated flows). */
export function needsLayout(nodes: Array<{ position?: unknown }>): boolean {
  if (nodes.length < 2) return nodes.length === 1 && !hasPosition(nodes[0]);
  if (nodes.some((node) => !hasPosition(node))) return true;
  const first = nodes[0].position as XY;
  return nodes.every((node) => (node.position as XY).x === first.x && (node.position as XY).y === first.y);
}

/**
 * Parses stored flowData for the canvas: drops Flowise's fixed sizes (React Flow would clip the
 * cards to them), points edges at our handle ids, and lays the flow out when it has no positions.
 */
export function readFlowData(text: string, catalog: Map<string, NodeDef>): FlowState {
  let parsed: { nodes?: unknown; edges?: unknown; viewport?: FlowState["viewport"] };
  try {
    parsed = JSON.parse(text || "{}");
  } catch {
    parsed = {};
  }
  const rawNodes = Array.isArray(parsed.nodes) ? (parsed.nodes as Array<Record<string, unknown>>) : [];
  const rawEdges = Array.isArray(parsed.edges) ? (parsed.edges as Array<Record<string, unknown>>) : [];

  const nodes: FlowNode[] = rawNodes
    .filter((node) => typeof node?.id === "string")
    .map((node) => {
      const {
        width: _w,
        height: _h,
        positionAbsolute: _p,
        dragging: _d,
        selected: _s,
        measured: _m,
        ...rest
      } = node;
      void [_w, _h, _p, _d, _s, _m];
      const id = node.id as string;
      const data = {
        ...((node.data as FlowNodeData | undefined) ?? { name: "unknown" }),
        id,
      } as FlowNodeData;
      const type = isStickyNote({ type: node.type as string, data }) ? "stickyNote" : "customNode";
      return {
        ...rest,
        id,
        type,
        data,
        position: hasPosition(node) ? (node.position as XY) : { x: 0, y: 0 },
      };
    });
  const byId = new Map(nodes.map((node) => [node.id, node]));

  const edges: FlowEdge[] = rawEdges
    .filter((edge) => typeof edge?.source === "string" && typeof edge?.target === "string")
    .map((raw) => {
      const edge = { ...raw } as FlowEdge;
      const source = byId.get(edge.source);
      const target = byId.get(edge.target);
      if (source) {
        const output = findOutput(resolveDef(source.data, catalog).def, source.id, edge.sourceHandle);
        if (output) edge.sourceHandle = outputHandleId(source.id, output);
      }
      if (target) {
        const anchor = findAnchor(resolveDef(target.data, catalog).def, target.id, edge.targetHandle);
        if (anchor) edge.targetHandle = inputHandleId(target.id, anchor);
      }
      return { ...edge, id: typeof raw.id === "string" ? raw.id : edgeId(edge), type: "buttonedge" };
    });

  const laidOut = needsLayout(rawNodes) ? layoutNodes(nodes, edges) : nodes;
  return { nodes: laidOut, edges, viewport: parsed.viewport };
}

/**
 * The flowData string to save: Flowise's node and edge shape, with every anchor input rewritten
 * from the edges (the edges are the truth: `{{id.data.instance}}`, lists as arrays).
 */
export function writeFlowData(state: FlowState, catalog: Map<string, NodeDef>): string {
  const nodes = state.nodes.map((node) => {
    const { measured, selected: _selected, dragging: _dragging, ...rest } = node;
    void [_selected, _dragging];
    const data: FlowNodeData = { ...node.data, id: node.id, inputs: { ...(node.data.inputs ?? {}) } };
    if (!isStickyNote(node)) {
      const { def } = resolveDef(node.data, catalog);
      for (const anchor of def.anchors) {
        const refs = state.edges
          .filter(
            (edge) =>
              edge.target === node.id && handleName(edge.targetHandle, node.id, "input") === anchor.name,
          )
          .map((edge) => instanceRef(edge.source));
        data.inputs![anchor.name] = anchor.list ? refs : (refs[0] ?? "");
      }
      const connectedOutput = state.edges.find((edge) => edge.source === node.id);
      if (def.outputs.length > 1 && connectedOutput) {
        const output = findOutput(def, node.id, connectedOutput.sourceHandle);
        if (output) data.outputs = { ...(data.outputs ?? {}), output: output.name };
      }
    }
    data.selected = false;
    return {
      ...rest,
      data,
      ...(measured?.width ? { width: Math.round(measured.width) } : {}),
      ...(measured?.height ? { height: Math.round(measured.height) } : {}),
      positionAbsolute: node.position,
    };
  });
  const edges = state.edges.map(({ id, source, sourceHandle, target, targetHandle }) => ({
    source,
    sourceHandle,
    target,
    targetHandle,
    type: "buttonedge",
    id,
  }));
  return JSON.stringify({ nodes, edges, ...(state.viewport ? { viewport: state.viewport } : {}) });
}

/** Copies of `nodes` (and the edges among them) with fresh ids, shifted by `offset`. */
export function cloneSelection(
  nodes: FlowNode[],
  edges: FlowEdge[],
  takenIds: Iterable<string>,
  offset: XY,
): { nodes: FlowNode[]; edges: FlowEdge[] } {
  const taken = new Set(takenIds);
  const idMap = new Map<string, string>();
  const clones = nodes.map((node) => {
    const id = nextNodeId(node.data.name, taken);
    taken.add(id);
    idMap.set(node.id, id);
    const data = JSON.parse(JSON.stringify(node.data)) as FlowNodeData;
    data.id = id;
    // Flowise keeps handle ids inside the stored anchors; they must name the new node.
    for (const key of ["inputAnchors", "inputParams", "outputAnchors"]) {
      const list = data[key];
      if (Array.isArray(list)) {
        data[key] = list.map((entry: { id?: unknown }) =>
          typeof entry.id === "string" && entry.id.startsWith(`${node.id}-`)
            ? { ...entry, id: `${id}${entry.id.slice(node.id.length)}` }
            : entry,
        );
      }
    }
    return {
      ...node,
      id,
      data,
      selected: true,
      position: { x: node.position.x + offset.x, y: node.position.y + offset.y },
    };
  });
  const rename = (handle: string | null | undefined, oldId: string, newId: string) =>
    handle && handle.startsWith(`${oldId}-`) ? `${newId}${handle.slice(oldId.length)}` : handle;
  const clonedEdges = edges
    .filter((edge) => idMap.has(edge.source) && idMap.has(edge.target))
    .map((edge) => {
      const source = idMap.get(edge.source)!;
      const target = idMap.get(edge.target)!;
      const copy = {
        ...edge,
        source,
        target,
        sourceHandle: rename(edge.sourceHandle, edge.source, source),
        targetHandle: rename(edge.targetHandle, edge.target, target),
      };
      return { ...copy, id: edgeId(copy) };
    });
  return { nodes: clones, edges: clonedEdges };
}
