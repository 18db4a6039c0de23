import type { ChatModel, ChatTurn, ModelCall, ModelCallResult, ModelTool, UsedTool } from "@/lib/models";

// Node definitions: the single description of a node type that the palette (GET /api/v1/nodes),
// flow validation and the engine all read. Behaviour (`init`, `run`) lives beside the description.

export type ParamType =
  | "string"
  | "number"
  | "boolean"
  | "options"
  | "json"
  | "code"
  | "password"
  | "file"
  | "asyncOptions";

export interface ParamOption {
  name: string;
  label: string;
  description?: string;
}

/** A connection point: receives another node's instance. `type` is a base class, or several as "A | B". */
export interface AnchorInput {
  kind: "anchor";
  name: string;
  label: string;
  type: string;
  optional?: boolean;
  /** Accepts several connections (an agent's tools). */
  list?: boolean;
  description?: string;
}

/** A value typed into the node (text, number, options, JSON…). */
export interface ParamInput {
  kind: "param";
  name: string;
  label: string;
  type: ParamType;
  default?: unknown;
  optional?: boolean;
  options?: ParamOption[];
  rows?: number;
  description?: string;
  placeholder?: string;
  /** Shown under "Additional Parameters" in the builder. */
  additionalParams?: boolean;
  /** `asyncOptions`: the name of the list the builder loads (e.g. the workspace's tools). */
  loadMethod?: string;
  /** Another node's output may be connected here and used through `{{nodeId.data.instance}}`. */
  acceptVariable?: boolean;
  /** False for inputs that must not change per request (endpoints, tool ids): overrideConfig skips them. */
  overridable?: boolean;
}

export type NodeInput = AnchorInput | ParamInput;

export interface NodeOutput {
  name: string;
  label: string;
  baseClasses: string[];
  description?: string;
}

export interface NodeCredential {
  /** Accepted `credentialName`s of a Credential (e.g. "openAIApi"). */
  credentialNames: string[];
  optional?: boolean;
}

export type CredentialData = Record<string, string | number | boolean>;

export interface SourceDocument {
  pageContent: string;
  metadata: Record<string, unknown>;
}

/** What an ending node answers. */
export interface NodeRunResult {
  text: string;
  sourceDocuments?: SourceDocument[];
  usedTools?: UsedTool[];
  metadata?: Record<string, unknown>;
}

/** An `uploads` entry of a prediction request: a `data:` URL. */
export interface Upload {
  data: string;
  type: string;
  name: string;
  mime: string;
}

/** A file of a multipart prediction request. */
export interface RequestFile {
  name: string;
  mime: string;
  data: Uint8Array;
}

export interface ToolRecord {
  id: string;
  name: string;
  description: string;
  /** JSON Schema of the input, serialized. */
  schema: string;
  func: string;
}

/** Outside systems a node may use during a request. Injectable, so unit tests need no database. */
export interface NodeServices {
  /** Decrypted data of a credential of the workspace; null when there is none with that id. */
  loadCredential(workspaceId: string, id: string): Promise<{ credentialName: string; data: CredentialData } | null>;
  /** The last `limit` stored messages of a session, oldest first. */
  loadChatMessages(query: { workspaceId: string; chatflowId: string; sessionId: string; limit: number }): Promise<
    ChatTurn[]
  >;
  loadTool(workspaceId: string, id: string): Promise<ToolRecord | null>;
}

/** The prediction request as nodes see it. */
export interface FlowRequest {
  question: string;
  chatId: string;
  sessionId: string;
  /** Conversation given with the request; replaces stored messages when present. */
  history?: ChatTurn[];
  overrideConfig: Record<string, unknown>;
  vars: Record<string, string>;
  chatflowId: string;
  workspaceId: string;
  uploads: Upload[];
  files: RequestFile[];
  signal: AbortSignal;
}

export interface NodeContext<Inputs> {
  /** Resolved inputs: connected instances, typed values (defaults applied, templates filled). */
  inputs: Inputs;
  node: { id: string; name: string; label: string };
  /** The selected output (for nodes with several, e.g. llmChain's `llmChain` or `outputPrediction`). */
  output: string;
  /** Decrypted data of the node's credential, if one is set. */
  credential?: CredentialData;
  request: FlowRequest;
  services: NodeServices;
  /** Streams a token to the caller. A no-op except in the ending node's `run`. */
  emit(token: string): void;
  /** Calls a model with this request's abort signal, streaming to `emit`, recording usage for metadata. */
  callModel(model: ChatModel, call: Omit<ModelCall, "signal" | "onToken">): Promise<ModelCallResult>;
}

export type NodeInit<Inputs = Record<string, unknown>> = (context: NodeContext<Inputs>) => unknown;
export type NodeRun<Inputs = Record<string, unknown>> = (context: NodeContext<Inputs>) => Promise<NodeRunResult>;

/** A registered node type, as the registry, validation, the catalog and the engine read it. */
export interface NodeDefinition {
  name: string;
  label: string;
  version: number;
  category: string;
  description: string;
  /** Flowise's node `type` (shown in exports); the first base class unless set. */
  type: string;
  baseClasses: string[];
  credential?: NodeCredential;
  inputs: NodeInput[];
  /** Empty for nodes with one output (their base classes); else the choices of `data.outputs.output`. */
  outputs: NodeOutput[];
  /** Builds the node's instance for a request (models, prompts, memory, tools, non-ending chains). */
  init?: NodeInit;
  /** Answers the question: present on nodes that can end a flow (chains, agents). */
  run?: NodeRun;
  /** The ending node streams tokens while its model does. */
  canStream?: boolean;
}

// Instances that nodes build and pass along connections, by the base class that accepts them.
// Other modules add their own (vector stores, retrievers…) by augmenting this interface.
export interface PromptInstance {
  kind: "prompt";
  format: "string" | "chat";
  /** string format: the template; chat format: the human message template. */
  template: string;
  /** chat format only. */
  systemTemplate?: string;
  values: Record<string, unknown>;
}

export interface MemoryInstance {
  kind: "memory";
  memoryKey: string;
  sessionId: string;
  /** The conversation so far, oldest first, already limited to the memory's window. */
  messages: ChatTurn[];
}

export type ToolInstance = ModelTool;

export interface ChainInstance {
  kind: "chain";
  name: string;
  /** Runs the chain on a question (used by nodes that wrap chains). */
  invoke(question: string, signal: AbortSignal): Promise<string>;
}

export interface InstanceTypes {
  BaseLanguageModel: ChatModel;
  BaseChatModel: ChatModel;
  BasePromptTemplate: PromptInstance;
  PromptTemplate: PromptInstance;
  ChatPromptTemplate: PromptInstance;
  BaseMemory: MemoryInstance;
  BaseChatMemory: MemoryInstance;
  Tool: ToolInstance;
  BaseChain: ChainInstance;
  string: string;
  json: unknown;
}

type Trim<S extends string> = S extends ` ${infer R}` ? Trim<R> : S extends `${infer R} ` ? Trim<R> : S;
type SplitTypes<S extends string> = S extends `${infer A}|${infer B}` ? Trim<A> | SplitTypes<B> : Trim<S>;
type InstanceOfOne<T extends string> = T extends keyof InstanceTypes ? InstanceTypes[T] : unknown;
/** The instance type an anchor of type `T` ("A" or "A | B") receives. */
export type InstanceOf<T extends string> = InstanceOfOne<SplitTypes<T>>;
