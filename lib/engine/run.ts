import "server-only";
import { env } from "@/lib/env";
import { callModel, type ChatModel, type ChatTurn, type ModelCall, type TokenUsage } from "@/lib/models";
import { nodeError } from "@/lib/nodes/errors";
import type { CredentialData, FlowRequest, NodeContext, NodeServices } from "@/lib/nodes/types";
import { randomUUID } from "node:crypto";
import { getCompiledFlow } from "./cache";
import { compileFlow, type CompiledFlow, type CompiledNode } from "./compile";
import { FlowAbortedError } from "./errors";
import { mergeOverrideVars, resolveOverrides, type NodeOverrides } from "./overrides";
import { acceptsTemplates, coerceParamValue } from "./param-values";
import { databaseServices } from "./services";
import {
  formatChatHistory,
  resolveTemplate,
  resolveTemplatesDeep,
  usesChatHistory,
  type TemplateScope,
} from "./templates";
import type { HistoryMessage, RunChatflowInput, RunChatflowResult } from "./types";

/** Messages {{chat_history}} shows when the flow has no memory of its own to bound it. */
const chatHistoryTemplateLimit = 50;

/**
 * Runs a chatflow on a question: builds the instances the ending node needs (in parallel where
 * they are independent), then runs it. One path for streamed and complete answers: tokens go to
 * `onToken` when it is given. Throws ApiError 400 for flows that cannot run, ModelProviderError
 * (502) when a model provider fails, FlowAbortedError when `signal` aborts.
 */
export async function runChatflow(
  input: RunChatflowInput,
  services: NodeServices = databaseServices,
): Promise<RunChatflowResult> {
  const started = performance.now();
  if (input.signal.aborted) throw new FlowAbortedError({ cause: input.signal.reason });
  const flow = getCompiledFlow(input.chatflow);
  const run = new FlowRun(flow, input, services);
  try {
    const result = await run.execute();
    return {
      text: result.text,
      sourceDocuments: result.sourceDocuments ?? [],
      usedTools: result.usedTools ?? [],
      metadata: {
        ...result.metadata,
        ...run.modelMetadata(),
        durationMs: Math.round(performance.now() - started),
      },
    };
  } catch (error) {
    if (input.signal.aborted) throw new FlowAbortedError({ cause: error });
    throw error;
  } finally {
    run.dispose();
  }
}

export interface BuildFlowNodeInput extends Pick<RunChatflowInput, "chatflow" | "overrideConfig" | "vars" | "signal"> {
  nodeId: string;
}

/**
 * Builds one node's instance, and the instances it needs, as a run would (credentials, overrides,
 * templates), without running anything: the upsert layer builds a vector store node this way.
 * The flow needs no ending node. Throws ApiError 400 for a flow that cannot be built.
 */
export async function buildFlowNode(input: BuildFlowNodeInput, services: NodeServices = databaseServices): Promise<unknown> {
  if (input.signal.aborted) throw new FlowAbortedError({ cause: input.signal.reason });
  const flow = compileFlow(input.chatflow.flowData, { target: input.nodeId });
  const chatId = randomUUID();
  const run = new FlowRun(flow, { ...input, question: "", chatId, sessionId: chatId }, services);
  try {
    return await run.buildTarget();
  } finally {
    run.dispose();
  }
}

class FlowRun {
  private readonly controller = new AbortController();
  private readonly request: FlowRequest;
  private readonly overrides: NodeOverrides;
  private readonly instances = new Map<string, Promise<unknown>>();
  private readonly built = new Map<string, unknown>();
  private readonly credentials = new Map<string, Promise<{ credentialName: string; data: CredentialData } | null>>();
  private chatHistory?: Promise<string>;
  private lastCall?: { model: string; temperature?: number };
  private usage?: TokenUsage;
  private readonly forwardAbort = () => this.controller.abort(this.input.signal.reason);

  constructor(
    private readonly flow: CompiledFlow,
    private readonly input: RunChatflowInput,
    private readonly services: NodeServices,
  ) {
    input.signal.addEventListener("abort", this.forwardAbort, { once: true });
    this.overrides = resolveOverrides(flow, input.overrideConfig, env.MAX_TOKENS_LIMIT);
    this.request = {
      question: input.question,
      chatId: input.chatId,
      sessionId: input.sessionId,
      history: input.history ? normalizeHistory(input.history) : undefined,
      overrideConfig: input.overrideConfig ?? {},
      vars: mergeOverrideVars(input.vars, input.overrideConfig),
      chatflowId: input.chatflow.id,
      workspaceId: input.chatflow.workspaceId,
      uploads: input.uploads ?? [],
      files: input.files ?? [],
      signal: this.controller.signal,
    };
  }

  async execute() {
    const { ending } = this.flow;
    try {
      await Promise.all(ending.dependencies.map((id) => this.instanceOf(id)));
      const context = await this.contextFor(ending, this.input.onToken);
      return await (ending.definition.run as NonNullable<typeof ending.definition.run>)(context);
    } catch (error) {
      // Stop the siblings still building (their model calls included) before reporting.
      this.controller.abort(error);
      throw error;
    }
  }

  modelMetadata() {
    return { model: this.lastCall?.model, temperature: this.lastCall?.temperature, usage: this.usage };
  }

  /** The instance of the flow's target node (compiled with `target`), built by its `init`. */
  buildTarget(): Promise<unknown> {
    return this.instanceOf(this.flow.ending.id);
  }

  dispose() {
    this.input.signal.removeEventListener("abort", this.forwardAbort);
  }

  private instanceOf(id: string): Promise<unknown> {
    let instance = this.instances.get(id);
    if (!instance) {
      const node = this.flow.nodes.get(id) as CompiledNode;
      instance = Promise.all(node.dependencies.map((dependency) => this.instanceOf(dependency)))
        .then(async () => {
          const context = await this.contextFor(node);
          return node.definition.init ? await node.definition.init(context) : undefined;
        })
        .then((built) => {
          this.built.set(id, built);
          return built;
        });
      this.instances.set(id, instance);
    }
    return instance;
  }

  private async contextFor(node: CompiledNode, onToken?: (token: string) => void): Promise<NodeContext<Record<string, unknown>>> {
    const [inputs, credential] = await Promise.all([this.resolveInputs(node), this.credentialOf(node)]);
    const emit = onToken ?? (() => {});
    return {
      inputs,
      node: { id: node.id, name: node.definition.name, label: node.label },
      output: node.output,
      credential,
      request: this.request,
      services: this.services,
      emit,
      callModel: (model: ChatModel, call: Omit<ModelCall, "signal" | "onToken">) => this.callModel(model, call, onToken),
    };
  }

  private async callModel(model: ChatModel, call: Omit<ModelCall, "signal" | "onToken">, onToken?: (token: string) => void) {
    const result = await callModel(model, { ...call, signal: this.controller.signal, onToken });
    this.lastCall = { model: model.modelName, temperature: model.settings.temperature };
    if (result.usage) {
      this.usage = {
        promptTokens: (this.usage?.promptTokens ?? 0) + result.usage.promptTokens,
        completionTokens: (this.usage?.completionTokens ?? 0) + result.usage.completionTokens,
        totalTokens: (this.usage?.totalTokens ?? 0) + result.usage.totalTokens,
      };
    }
    return result;
  }

  private async resolveInputs(node: CompiledNode): Promise<Record<string, unknown>> {
    const overrides = this.overrides.get(node.id);
    const scope = await this.templateScope(node, overrides);
    const inputs: Record<string, unknown> = {};
    for (const input of node.definition.inputs) {
      if (input.kind === "anchor") {
        const sources = (node.anchors.get(input.name) ?? []).map((id) => this.built.get(id));
        inputs[input.name] = input.list ? sources : sources[0];
        continue;
      }
      let value = node.params.get(input.name);
      if (overrides?.has(input.name)) {
        const coerced = coerceParamValue(input, overrides.get(input.name));
        if (!coerced.ok) throw nodeError(node, `input "${input.name}" from overrideConfig ${coerced.problem}`);
        value = coerced.value ?? input.default;
      }
      if (acceptsTemplates(input)) {
        value = typeof value === "string" ? resolveTemplate(value, scope) : resolveTemplatesDeep(value, scope);
      }
      inputs[input.name] = value;
    }
    return inputs;
  }

  private async templateScope(node: CompiledNode, overrides?: Map<string, unknown>): Promise<TemplateScope> {
    const needsHistory = node.usesChatHistory || [...(overrides?.values() ?? [])].some(usesChatHistory);
    return {
      question: this.request.question,
      chatHistory: needsHistory ? await this.loadChatHistory() : undefined,
      vars: this.request.vars,
      flow: { chatflowId: this.request.chatflowId, chatId: this.request.chatId, sessionId: this.request.sessionId },
      instanceOf: (id) => this.built.get(id),
    };
  }

  private loadChatHistory(): Promise<string> {
    this.chatHistory ??= (async () => {
      const { request } = this;
      const turns: ChatTurn[] =
        request.history?.slice(-chatHistoryTemplateLimit) ??
        (await this.services.loadChatMessages({
          workspaceId: request.workspaceId,
          chatflowId: request.chatflowId,
          sessionId: request.sessionId,
          limit: chatHistoryTemplateLimit,
        }));
      return formatChatHistory(turns);
    })();
    return this.chatHistory;
  }

  private async credentialOf(node: CompiledNode): Promise<CredentialData | undefined> {
    const { credentialId, definition } = node;
    if (!credentialId || !definition.credential) return undefined;
    let loading = this.credentials.get(credentialId);
    if (!loading) {
      loading = this.services.loadCredential(this.request.workspaceId, credentialId);
      this.credentials.set(credentialId, loading);
    }
    const credential = await loading;
    if (!credential) throw nodeError(node, `uses credential ${credentialId}, which does not exist in this workspace`);
    if (!definition.credential.credentialNames.includes(credential.credentialName)) {
      throw nodeError(
        node,
        `needs a ${definition.credential.credentialNames.join(" or ")} credential, not ${credential.credentialName}`,
      );
    }
    return credential.data;
  }
}

function normalizeHistory(history: HistoryMessage[]): ChatTurn[] {
  return history
    .filter((turn) => typeof turn?.content === "string")
    .map((turn) => ({
      role: turn.role === "user" || turn.role === "userMessage" ? "user" : "assistant",
      content: turn.content,
    }));
}
