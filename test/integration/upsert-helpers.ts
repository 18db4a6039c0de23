import { ChromaClient, ChromaNotFoundError } from "chromadb";
import pg from "pg";
import { inject } from "vitest";
import { baseUrl } from "../support/api";
import { flowData } from "./prediction-helpers";

// Flows, calls and direct Chroma/database reads shared by the upsert and retrieval tests.

export type FlowNode = Parameters<typeof flowData>[0][number];

export const embeddingsNode = (modelName = "mock-embed"): FlowNode => ({
  id: "openAIEmbeddings_0",
  name: "openAIEmbeddings",
  inputs: { modelName },
});

export const splitterNode = (chunkSize = 200, chunkOverlap = 20): FlowNode => ({
  id: "recursiveCharacterTextSplitter_0",
  name: "recursiveCharacterTextSplitter",
  inputs: { chunkSize, chunkOverlap },
});

interface StoreFlowOptions {
  loaders?: FlowNode[];
  store?: "chroma" | "memoryVectorStore";
  storeInputs?: Record<string, unknown>;
  embeddingsModel?: string;
  /** A node that uses the store's retriever (a chain), and what it needs. */
  consumers?: FlowNode[];
  withSplitter?: boolean;
}

/** loaders (each with the splitter) → store ← embeddings, plus optional consumers of the store. */
export function storeFlow(options: StoreFlowOptions = {}): string {
  const loaders = options.loaders ?? [{ id: "plainText_0", name: "plainText", inputs: {} }];
  const withSplitter = options.withSplitter ?? true;
  const storeName = options.store ?? "chroma";
  return flowData([
    embeddingsNode(options.embeddingsModel),
    ...(withSplitter ? [splitterNode()] : []),
    ...loaders.map((loader) => ({
      ...loader,
      inputs: {
        ...(withSplitter ? { textSplitter: "{{recursiveCharacterTextSplitter_0.data.instance}}" } : {}),
        ...loader.inputs,
      },
    })),
    {
      id: `${storeName}_0`,
      name: storeName,
      inputs: {
        document: loaders.map((loader) => `{{${loader.id}.data.instance}}`),
        embeddings: "{{openAIEmbeddings_0.data.instance}}",
        ...options.storeInputs,
      },
    },
    ...(options.consumers ?? []),
  ]);
}

export const chatModelNode: FlowNode = {
  id: "chatOpenAI_0",
  name: "chatOpenAI",
  inputs: { modelName: "mock-model", temperature: 0 },
};

/** POST an upsert as JSON or multipart (when `files` are given) to `path` of `app`. */
export async function upsert(
  id: string,
  body: {
    text?: string;
    documents?: unknown;
    metadata?: unknown;
    overrideConfig?: unknown;
    stopNodeId?: string;
    files?: Array<{ name: string; bytes: Uint8Array | string; type?: string }>;
  } = {},
  options: { token?: string; internal?: boolean; app?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let requestBody: BodyInit;
  const { files, ...fields } = body;
  if (files) {
    const form = new FormData();
    for (const file of files)
      form.append("files", new Blob([file.bytes as BlobPart], { type: file.type ?? "" }), file.name);
    for (const [name, value] of Object.entries(fields)) {
      if (value !== undefined) form.append(name, typeof value === "string" ? value : JSON.stringify(value));
    }
    requestBody = form;
  } else {
    headers["content-type"] = "application/json";
    requestBody = JSON.stringify(fields);
  }
  const path = options.internal ? "internal-upsert" : "upsert";
  const response = await fetch(`${options.app ?? baseUrl()}/api/v1/vector/${path}/${id}`, {
    method: "POST",
    headers,
    body: requestBody,
  });
  const text = await response.text();
  const isJson = response.headers.get("content-type")?.includes("application/json");
  return { status: response.status, headers: response.headers, body: isJson ? JSON.parse(text) : text };
}

/** The Chroma server of the harness app (or `url`), as a test reads it directly. */
export function chromaClient(url = inject("chromaUrl")): ChromaClient {
  const parsed = new URL(url);
  return new ChromaClient({ host: parsed.hostname, port: Number(parsed.port) });
}

/** Everything in a collection (empty when it does not exist). */
export async function readCollection(name: string, url?: string) {
  let collection: Awaited<ReturnType<ChromaClient["getCollection"]>>;
  try {
    collection = await chromaClient(url).getCollection({ name });
  } catch (error) {
    if (error instanceof ChromaNotFoundError)
      return { ids: [] as string[], documents: [] as string[], metadatas: [] };
    throw error;
  }
  const result = await collection.get({ include: ["documents", "metadatas"] as never });
  return {
    ids: result.ids,
    documents: result.documents as string[],
    metadatas: result.metadatas.map((metadata) => (metadata ?? {}) as Record<string, unknown>),
  };
}

export const hasDatabase = () => Boolean(inject("databaseUrl"));

/** UpsertRecord rows of a chatflow (needs the PostgreSQL harness). */
export async function countUpsertRecords(chatflowId: string): Promise<number> {
  const client = new pg.Client({ connectionString: inject("databaseUrl") });
  await client.connect();
  try {
    const result = await client.query(
      `SELECT count(*)::int AS n FROM "UpsertRecord" WHERE "chatflowId" = $1`,
      [chatflowId],
    );
    return result.rows[0].n as number;
  } finally {
    await client.end();
  }
}
