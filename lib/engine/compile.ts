import { ApiError, badRequest, type Issue } from "@/lib/api/errors";
import { outputBaseClasses } from "@/lib/nodes/define";
import { findNodeDefinition, isAnnotationNode } from "@/lib/nodes/registry";
import type { AnchorInput, NodeDefinition, ParamInput } from "@/lib/nodes/types";
import { isObject, parseFlowData, type FlowData, type FlowEdge, type FlowNode } from "./flow-data";
import { coerceParamValue } from "./param-values";
import { findInstanceReferences, usesChatHistory } from "./templates";

// Compiling checks a flow once and turns it into a plan; per request only inputs, memory and
// overrides change. Every problem names the node by id and label.

export interface CompiledNode {
  id: string;
  label: string;
  definition: NodeDefinition;
  /** The selected output's name (the node's own name when it has only one). */
  output: string;
  credentialId?: string;
  /** Connected node ids per anchor input, in connection order. */
  anchors: Map<string, string[]>;
  /** Param values as written in the flow, coerced to their types; undefined when empty. */
  params: Map<string, unknown>;
  /** Nodes whose instances this one needs first (anchors, {{id.data.instance}}, edges). */
  dependencies: string[];
  usesChatHistory: boolean;
}

export interface CompiledFlow {
  ending: CompiledNode;
  /** The ending node's dependencies, transitively, dependencies first. */
  plan: CompiledNode[];
  nodes: Map<string, CompiledNode>;
  /** Plan nodes by overridable param name (what overrideConfig keys reach). */
  paramOwners: Map<string, CompiledNode[]>;
  canStream: boolean;
}

interface Draft {
  node: FlowNode;
  id: string;
  label: string;
  definition: NodeDefinition;
  output: string;
  offers: string[];
}

export interface CompileOptions {
  /**
   * Build up to this node instead of the ending node (upserts build a vector store node and what
   * feeds it). The node need not be able to answer; the flow needs no ending node.
   */
  target?: string;
}

export function compileFlow(flowData: string | FlowData, options: CompileOptions = {}): CompiledFlow {
  const flow = parseFlowData(flowData);
  const issues: Issue[] = [];
  const report = (path: string, message: string) => issues.push({ path, message });

  const drafts = new Map<string, Draft>();
  const annotations = new Set<string>();
  for (const node of flow.nodes) {
    const label = node.data.label || node.data.name;
    if (node.type === "stickyNote" || isAnnotationNode(node.data.name)) {
      annotations.add(node.id);
      continue;
    }
    if (drafts.has(node.id)) {
      report(`nodes.${node.id}`, `Node ${node.id} (${label}) appears twice in the flow`);
      continue;
    }
    const definition = findNodeDefinition(node.data.name);
    if (!definition) {
      report(`nodes.${node.id}`, `Node ${node.id} (${label}) has unknown type "${node.data.name}"`);
      continue;
    }
    const output = selectOutput(node, definition);
    if (output === undefined) {
      report(`nodes.${node.id}.outputs`, `${name(node.id, label)} has no output "${String(node.data.outputs?.output)}"`);
      continue;
    }
    drafts.set(node.id, { node, id: node.id, label, definition, output, offers: outputBaseClasses(definition, output) });
  }
  throwIfAny(issues);

  const compiled = new Map<string, CompiledNode>();
  for (const draft of drafts.values()) compiled.set(draft.id, compileNode(draft, drafts, report));
  for (const edge of flow.edges) {
    if (annotations.has(edge.source) || annotations.has(edge.target)) continue;
    connectEdge(edge, drafts, compiled, report);
  }
  for (const node of compiled.values()) checkRequiredAnchors(node, report);
  throwIfAny(issues);

  const order = orderByDependencies(compiled);
  const ending = options.target ? findTargetNode(options.target, compiled) : findEndingNode(compiled);
  const plan = collectPlan(ending, compiled, order);
  return {
    ending,
    plan,
    nodes: compiled,
    paramOwners: indexParamOwners([...plan, ending]),
    canStream:
      !options.target && Boolean(ending.definition.canStream) && plan.every((node) => node.params.get("streaming") !== false),
  };
}

const name = (id: string, label: string) => `Node ${id} (${label})`;

function throwIfAny(issues: Issue[]) {
  if (issues.length > 0) throw new ApiError(400, issues[0].message, issues);
}

function selectOutput(node: FlowNode, definition: NodeDefinition): string | undefined {
  if (definition.outputs.length === 0) return definition.name;
  const chosen = node.data.outputs?.output;
  if (chosen === undefined || chosen === "") return definition.outputs[0].name;
  return definition.outputs.some((output) => output.name === chosen) ? String(chosen) : undefined;
}

function compileNode(draft: Draft, drafts: Map<string, Draft>, report: (path: string, message: string) => void) {
  const { node, definition, id, label } = draft;
  const inputs = isObject(node.data.inputs) ? node.data.inputs : {};
  const anchors = new Map<string, string[]>();
  const params = new Map<string, unknown>();
  const dependencies = new Set<string>();
  let chatHistory = false;

  for (const input of definition.inputs) {
    const path = `nodes.${id}.inputs.${input.name}`;
    if (input.kind === "anchor") {
      const sources: string[] = [];
      for (const source of findInstanceReferences(inputs[input.name])) {
        const target = drafts.get(source);
        if (!target) {
          report(path, `${name(id, label)} input "${input.name}" refers to missing node "${source}"`);
        } else if (checkAnchorType(draft, input, target, path, report)) {
          sources.push(source);
        }
      }
      anchors.set(input.name, sources);
      sources.forEach((source) => dependencies.add(source));
      continue;
    }
    const coerced = coerceParamValue(input, inputs[input.name]);
    if (!coerced.ok) {
      report(path, `${name(id, label)} input "${input.name}" ${coerced.problem}`);
      continue;
    }
    const value = coerced.value ?? input.default;
    if (value === undefined && !input.optional) {
      report(path, `${name(id, label)} is missing required input "${input.label}" (${input.name})`);
    }
    params.set(input.name, value);
    for (const source of findInstanceReferences(value)) {
      if (drafts.has(source)) dependencies.add(source);
      else report(path, `${name(id, label)} input "${input.name}" refers to missing node "${source}"`);
    }
    chatHistory ||= usesChatHistory(value);
  }

  const credentialId = readCredentialId(node);
  if (definition.credential && !definition.credential.optional && !credentialId) {
    report(
      `nodes.${id}.credential`,
      `${name(id, label)} needs a credential (${definition.credential.credentialNames.join(" or ")})`,
    );
  }
  dependencies.delete(id);
  return {
    id,
    label,
    definition,
    output: draft.output,
    credentialId,
    anchors,
    params,
    dependencies: [...dependencies],
    usesChatHistory: chatHistory,
  };
}

function readCredentialId(node: FlowNode): string | undefined {
  const candidates = [node.data.credential, node.data.inputs?.FLOWISE_CREDENTIAL_ID];
  return candidates.find((value): value is string => typeof value === "string" && value.trim() !== "");
}

function checkAnchorType(
  target: Draft,
  input: AnchorInput,
  source: Draft,
  path: string,
  report: (path: string, message: string) => void,
): boolean {
  const accepted = input.type.split("|").map((type) => type.trim());
  if (accepted.some((type) => source.offers.includes(type))) return true;
  report(
    path,
    `${name(target.id, target.label)} input "${input.name}" accepts ${accepted.join(" | ")}, but ` +
      `${name(source.id, source.label)} provides ${source.offers.join(" | ")}`,
  );
  return false;
}

/** Edges name their input in `targetHandle` ("<target>-input-<name>-<type>"); without one, by type. */
function connectEdge(
  edge: FlowEdge,
  drafts: Map<string, Draft>,
  compiled: Map<string, CompiledNode>,
  report: (path: string, message: string) => void,
) {
  const edgeName = edge.id ?? `${edge.source}->${edge.target}`;
  const source = drafts.get(edge.source);
  const target = drafts.get(edge.target);
  const node = compiled.get(edge.target);
  if (!source || !target || !node) {
    const missing = source ? edge.target : edge.source;
    report(`edges.${edgeName}`, `Edge ${edgeName} connects missing node "${missing}"`);
    return;
  }
  const path = `nodes.${target.id}.inputs`;
  const inputName = readTargetInput(edge, target, source);
  const input = target.definition.inputs.find((candidate) => candidate.name === inputName);
  if (!input) {
    report(path, `${name(target.id, target.label)} has no input "${inputName ?? "?"}" for the edge from ${source.id}`);
    return;
  }
  if (input.kind === "param") {
    if (!input.acceptVariable) {
      report(`${path}.${input.name}`, `${name(target.id, target.label)} input "${input.name}" does not accept connections`);
    } else if (!node.dependencies.includes(source.id)) {
      node.dependencies.push(source.id);
    }
    return;
  }
  const sources = node.anchors.get(input.name) ?? [];
  if (sources.includes(source.id)) return;
  if (!checkAnchorType(target, input, source, `${path}.${input.name}`, report)) return;
  sources.push(source.id);
  node.anchors.set(input.name, sources);
  if (!node.dependencies.includes(source.id)) node.dependencies.push(source.id);
}

function readTargetInput(edge: FlowEdge, target: Draft, source: Draft): string | undefined {
  const prefix = `${target.id}-input-`;
  if (edge.targetHandle?.startsWith(prefix)) return edge.targetHandle.slice(prefix.length).split("-")[0];
  const fits = target.definition.inputs.filter(
    (input): input is AnchorInput =>
      input.kind === "anchor" && input.type.split("|").some((type) => source.offers.includes(type.trim())),
  );
  return fits.length === 1 ? fits[0].name : undefined;
}

function checkRequiredAnchors(node: CompiledNode, report: (path: string, message: string) => void) {
  for (const input of node.definition.inputs) {
    if (input.kind !== "anchor") continue;
    const sources = node.anchors.get(input.name) ?? [];
    const path = `nodes.${node.id}.inputs.${input.name}`;
    if (sources.length === 0 && !input.optional) {
      report(path, `${name(node.id, node.label)} is missing required input "${input.label}" (${input.name})`);
    } else if (sources.length > 1 && !input.list) {
      report(path, `${name(node.id, node.label)} input "${input.name}" accepts one connection, not ${sources.length}`);
    }
  }
}

/** Kahn's algorithm: a topological order, or a 400 naming a node on a cycle. */
function orderByDependencies(nodes: Map<string, CompiledNode>): CompiledNode[] {
  const waiting = new Map<string, number>();
  const dependents = new Map<string, string[]>();
  for (const node of nodes.values()) {
    waiting.set(node.id, node.dependencies.length);
    for (const dependency of node.dependencies) {
      dependents.set(dependency, [...(dependents.get(dependency) ?? []), node.id]);
    }
  }
  const ready = [...nodes.values()].filter((node) => node.dependencies.length === 0).map((node) => node.id);
  const order: CompiledNode[] = [];
  while (ready.length > 0) {
    const id = ready.shift() as string;
    order.push(nodes.get(id) as CompiledNode);
    for (const dependent of dependents.get(id) ?? []) {
      const left = (waiting.get(dependent) ?? 0) - 1;
      waiting.set(dependent, left);
      if (left === 0) ready.push(dependent);
    }
  }
  if (order.length < nodes.size) {
    const stuck = [...nodes.values()].filter((node) => (waiting.get(node.id) ?? 0) > 0);
    const onCycle = stuck.find((node) => isOnCycle(node.id, nodes)) ?? stuck[0];
    throw badRequest(`${name(onCycle.id, onCycle.label)} is part of a cycle`, [
      { path: `nodes.${onCycle.id}`, message: `${name(onCycle.id, onCycle.label)} is part of a cycle` },
    ]);
  }
  return order;
}

function isOnCycle(start: string, nodes: Map<string, CompiledNode>): boolean {
  const seen = new Set<string>();
  const stack = [...(nodes.get(start)?.dependencies ?? [])];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (id === start) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(nodes.get(id)?.dependencies ?? []));
  }
  return false;
}

/**
 * The node that answers: connected to others (or alone in the flow) and used by none. Other
 * unused nodes that cannot answer (say, a vector store only upserted into) do not compete.
 */
function findEndingNode(nodes: Map<string, CompiledNode>): CompiledNode {
  const used = new Set([...nodes.values()].flatMap((node) => node.dependencies));
  const candidates = [...nodes.values()].filter(
    (node) => !used.has(node.id) && (node.dependencies.length > 0 || nodes.size === 1),
  );
  const answering = candidates.filter((node) => node.definition.run);
  if (answering.length === 1) return answering[0];
  if (answering.length > 1) {
    const listed = answering.map((node) => name(node.id, node.label)).join(", ");
    throw badRequest(`Flow has more than one ending node: ${listed}`);
  }
  if (candidates.length > 0) {
    const node = candidates[0];
    throw badRequest(`${name(node.id, node.label)} cannot end the flow: connect it to a chain or an agent`);
  }
  throw badRequest("Flow has no ending node: connect a chain or an agent as its last node");
}

function findTargetNode(id: string, nodes: Map<string, CompiledNode>): CompiledNode {
  const node = nodes.get(id);
  if (!node) throw badRequest(`Node ${id} is not in the flow`, [{ path: `nodes.${id}`, message: "is not in the flow" }]);
  return node;
}

function collectPlan(ending: CompiledNode, nodes: Map<string, CompiledNode>, order: CompiledNode[]): CompiledNode[] {
  const needed = new Set<string>();
  const stack = [...ending.dependencies];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (needed.has(id)) continue;
    needed.add(id);
    stack.push(...(nodes.get(id)?.dependencies ?? []));
  }
  return order.filter((node) => needed.has(node.id));
}

function indexParamOwners(nodes: CompiledNode[]): Map<string, CompiledNode[]> {
  const owners = new Map<string, CompiledNode[]>();
  for (const node of nodes) {
    for (const input of node.definition.inputs) {
      if (input.kind !== "param" || !isOverridable(input)) continue;
      owners.set(input.name, [...(owners.get(input.name) ?? []), node]);
    }
  }
  return owners;
}

/** Secrets and endpoints never change per request: a public caller could redirect keys elsewhere. */
function isOverridable(input: ParamInput): boolean {
  return input.overridable !== false && input.type !== "password" && input.type !== "file";
}
