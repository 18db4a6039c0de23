import type {
  AnchorInput,
  InstanceOf,
  NodeContext,
  NodeCredential,
  NodeDefinition,
  NodeInput,
  NodeOutput,
  NodeRunResult,
  ParamInput,
  ParamOption,
  ParamType,
} from "./types";

// Typed node authoring: inputs are declared as an object (key = input name, in display order), and
// `init`/`run` receive `inputs` typed from those declarations. defineNode turns it into the plain
// NodeDefinition that the registry holds.

declare const valueType: unique symbol;

/** An input declaration; `V` is the type the node receives for it. */
export type InputSpec<V = unknown> = (Omit<AnchorInput, "name"> | Omit<ParamInput, "name">) & {
  readonly [valueType]?: V;
};

type InputValues<Specs extends Record<string, InputSpec>> = {
  [K in keyof Specs]: Specs[K] extends InputSpec<infer V> ? V : never;
};

interface AnchorOptions {
  label?: string;
  description?: string;
}

/** An input connected to another node, accepting instances of base class `type` ("A | B" for several). */
export function anchor<const T extends string>(
  type: T,
  options: AnchorOptions & { list: true; optional?: boolean },
): InputSpec<InstanceOf<T>[]>;
export function anchor<const T extends string>(
  type: T,
  options: AnchorOptions & { optional: true },
): InputSpec<InstanceOf<T> | undefined>;
export function anchor<const T extends string>(type: T, options?: AnchorOptions): InputSpec<InstanceOf<T>>;
export function anchor(type: string, options: AnchorOptions & { optional?: boolean; list?: boolean } = {}): InputSpec {
  return { kind: "anchor", label: "", type, ...options };
}

type ParamOptions = Omit<ParamInput, "kind" | "name" | "type" | "label" | "default" | "optional" | "options" | "loadMethod"> & {
  label?: string;
};

interface ParamFactory<V> {
  (options: ParamOptions & { default: V; optional?: boolean }): InputSpec<V>;
  (options: ParamOptions & { optional: true }): InputSpec<V | undefined>;
  (options?: ParamOptions): InputSpec<V>;
}

function paramOf<V>(type: ParamType): ParamFactory<V> {
  return ((options: Record<string, unknown> = {}) => ({ kind: "param", label: "", type, ...options })) as ParamFactory<V>;
}

interface ChoiceFactory<First> {
  (first: First, options: ParamOptions & { default: string; optional?: boolean }): InputSpec<string>;
  (first: First, options: ParamOptions & { optional: true }): InputSpec<string | undefined>;
  (first: First, options?: ParamOptions): InputSpec<string>;
}

/** Inputs typed into the node. `optional` without `default` gives `undefined` when empty. */
export const param = {
  string: paramOf<string>("string"),
  number: paramOf<number>("number"),
  boolean: paramOf<boolean>("boolean"),
  /** Parsed JSON (an object given as text is parsed); templates are filled inside its strings. */
  json: paramOf<unknown>("json"),
  code: paramOf<string>("code"),
  password: paramOf<string>("password"),
  file: paramOf<string>("file"),
  options: ((options: readonly ParamOption[], spec: Record<string, unknown> = {}) => ({
    kind: "param",
    label: "",
    type: "options",
    options: [...options],
    ...spec,
  })) as ChoiceFactory<readonly ParamOption[]>,
  /** A choice the builder loads by `loadMethod` (e.g. "listTools": the workspace's tools). */
  asyncOptions: ((loadMethod: string, spec: Record<string, unknown> = {}) => ({
    kind: "param",
    label: "",
    type: "asyncOptions",
    loadMethod,
    ...spec,
  })) as ChoiceFactory<string>,
};

export interface NodeSpec<Specs extends Record<string, InputSpec>> {
  name: string;
  label: string;
  version: number;
  category: string;
  description: string;
  type?: string;
  baseClasses: string[];
  credential?: NodeCredential;
  inputs: Specs;
  outputs?: NodeOutput[];
  init?: (context: NodeContext<InputValues<Specs>>) => unknown;
  run?: (context: NodeContext<InputValues<Specs>>) => Promise<NodeRunResult>;
  canStream?: boolean;
}

export function defineNode<const Specs extends Record<string, InputSpec>>(spec: NodeSpec<Specs>): NodeDefinition {
  const inputs = Object.entries(spec.inputs).map(
    ([name, input]) => ({ ...input, name, label: input.label || labelFromName(name) }) as NodeInput,
  );
  return {
    ...spec,
    type: spec.type ?? spec.baseClasses[0] ?? spec.name,
    inputs,
    outputs: spec.outputs ?? [],
    init: spec.init as NodeDefinition["init"],
    run: spec.run as NodeDefinition["run"],
  };
}

/** "systemMessagePrompt" → "System Message Prompt". */
export function labelFromName(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The base classes a node offers through `output` (its own, or those of the selected output). */
export function outputBaseClasses(definition: NodeDefinition, output: string): string[] {
  return definition.outputs.find((candidate) => candidate.name === output)?.baseClasses ?? definition.baseClasses;
}
