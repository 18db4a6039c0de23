import { api, baseUrl, createMember, type Member } from "../support/api";

// Chatflows and calls shared by the prediction integration tests (not a test file itself).

interface FlowNodeSpec {
  id: string;
  name: string;
  inputs: Record<string, unknown>;
}

/** A Flowise-shaped flowData: nodes at made-up positions, edges from `{{id.data.instance}}` references. */
export function flowData(nodes: FlowNodeSpec[]): string {
  const edges = nodes.flatMap((node) =>
    Object.entries(node.inputs).flatMap(([input, value]) => {
      const references = (Array.isArray(value) ? value : [value]).filter(
        (item): item is string => typeof item === "string",
      );
      return references.flatMap((text) => {
        const match = text.match(/^\{\{(\w+)\.data\.instance\}\}$/);
        if (!match) return [];
        return [
          {
            id: `${match[1]}-${node.id}-${input}`,
            source: match[1],
            sourceHandle: `${match[1]}-output`,
            target: node.id,
            targetHandle: `${node.id}-input-${input}`,
            type: "buttonedge",
          },
        ];
      });
    }),
  );
  return JSON.stringify({
    nodes: nodes.map((node, index) => ({
      id: node.id,
      position: { x: index * 300, y: 100 },
      type: "customNode",
      data: { id: node.id, name: node.name, label: node.name, inputs: node.inputs },
    })),
    edges,
    viewport: { x: 0, y: 0, zoom: 1 },
  });
}

/** Chat model → conversation chain with buffer memory: the everyday chatflow. */
export function conversationFlow(
  options: { modelName?: string; temperature?: number; streaming?: boolean } = {},
) {
  return flowData([
    {
      id: "chatOpenAI_0",
      name: "chatOpenAI",
      inputs: {
        modelName: options.modelName ?? "mock-model",
        temperature: options.temperature ?? 0.9,
        streaming: options.streaming ?? true,
      },
    },
    { id: "bufferMemory_0", name: "bufferMemory", inputs: { memoryKey: "chat_history", sessionId: "" } },
    {
      id: "conversationChain_0",
      name: "conversationChain",
      inputs: {
        model: "{{chatOpenAI_0.data.instance}}",
        memory: "{{bufferMemory_0.data.instance}}",
        systemMessagePrompt: "You are a helpful assistant.",
      },
    },
  ]);
}

export interface ChatflowOptions {
  flowData?: string;
  isPublic?: boolean;
  apikeyid?: string | null;
  apiConfig?: Record<string, unknown> | null;
  allowedOrigins?: string[];
  isStreaming?: boolean;
}

export async function createChatflow(member: Member, options: ChatflowOptions = {}) {
  const { flowData: data, apiConfig, ...rest } = options;
  const response = await api("/api/v1/chatflows", {
    token: member.token,
    body: {
      name: "Prediction test",
      flowData: data ?? conversationFlow(),
      isPublic: true,
      ...rest,
      apiConfig: apiConfig ? JSON.stringify(apiConfig) : null,
    },
  });
  if (response.status !== 201)
    throw new Error(`create chatflow: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as { id: string; workspaceId: string };
}

export async function updateChatflow(member: Member, id: string, changes: ChatflowOptions) {
  const { apiConfig, ...rest } = changes;
  const body: Record<string, unknown> = { ...rest };
  if (apiConfig !== undefined) body.apiConfig = apiConfig ? JSON.stringify(apiConfig) : null;
  const response = await api(`/api/v1/chatflows/${id}`, { method: "PUT", token: member.token, body });
  if (response.status !== 200)
    throw new Error(`update chatflow: ${response.status} ${JSON.stringify(response.body)}`);
}

export async function createApiKey(member: Member) {
  const response = await api("/api/v1/apikey", { token: member.token, body: { keyName: "prediction" } });
  return response.body as { id: string; apiKey: string };
}

export async function memberWithPublicFlow(options: ChatflowOptions = {}) {
  const member = await createMember();
  const chatflow = await createChatflow(member, options);
  return { member, chatflow };
}

/** POST /api/v1/prediction/{id} against `app` (the harness app unless given). */
export async function predict(
  id: string,
  body: unknown,
  options: { token?: string; headers?: Record<string, string>; app?: string; signal?: AbortSignal } = {},
) {
  const headers: Record<string, string> = { "content-type": "application/json", ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${options.app ?? baseUrl()}/api/v1/prediction/${id}`, {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
    signal: options.signal,
  });
  const text = await response.text();
  const isJson = response.headers.get("content-type")?.includes("application/json");
  return { status: response.status, headers: response.headers, body: isJson ? JSON.parse(text) : text };
}

export interface SseEvent {
  event: string;
  data: any;
}

/** Splits an SSE body into events, asserting the framing (one `event:` and one `data:` line each). */
export function parseSse(text: string): SseEvent[] {
  const blocks = text.split("\n\n");
  if (blocks.pop() !== "")
    throw new Error(`stream does not end with a blank line: ${JSON.stringify(text.slice(-40))}`);
  return blocks
    .filter((block) => !block.startsWith(":"))
    .map((block) => {
      const match = block.match(/^event: ([a-z]+)\ndata: (.*)$/);
      if (!match) throw new Error(`malformed event: ${JSON.stringify(block)}`);
      return { event: match[1], data: JSON.parse(match[2]) };
    });
}
