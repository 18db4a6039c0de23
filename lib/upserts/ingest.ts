import "server-only";
import { badRequest } from "@/lib/api/errors";
import { detectFileType, type Document, type SourceFile } from "@/lib/documents";
import { buildFlowNode, parseFlowData, type ChatflowToRun } from "@/lib/engine";
import { findNodeDefinition } from "@/lib/nodes/registry";
import type { DocumentLoaderInstance, StoreUpsertPlan } from "@/lib/nodes/retrieval-types";
import { upsertChunks, type ChunkInput, type UpsertOutcome } from "@/lib/vector";

// The flow half of an upsert: pick the vector store node, build it (and its loaders, splitters and
// embeddings) as a run would, send the request's content through the loaders and their splitters,
// and store the chunks. The HTTP half (access, body, response) is lib/upserts/handle.ts.

export interface UpsertContent {
  text?: string;
  documents?: Array<{ pageContent: string; metadata?: Record<string, unknown> }>;
  files: SourceFile[];
  /** Put on every chunk (wins over the loaders' metadata). */
  metadata?: Record<string, unknown>;
  /** Node inputs by name (already filtered by the chatflow's apiConfig). */
  overrideConfig: Record<string, unknown>;
  stopNodeId?: string;
}

export const NO_VECTOR_STORE = "This chatflow has no vector store node to upsert into";
export const NOTHING_TO_UPSERT =
  "Nothing to upsert: send text, documents or files, or give the chatflow's loaders content of their own";

export async function upsertIntoChatflow(
  chatflow: ChatflowToRun,
  content: UpsertContent,
  signal: AbortSignal,
): Promise<UpsertOutcome> {
  const storeNodeId = chooseStoreNode(chatflow, content.stopNodeId);
  const plan = await buildUpsertPlan(chatflow, storeNodeId, content.overrideConfig, signal);
  const chunks = await collectChunks(plan.loaders, content);
  if (chunks.length === 0) throw badRequest(NOTHING_TO_UPSERT);
  return upsertChunks(plan.target, chunks);
}

/**
 * A prediction's files (RAG file upload): each goes through the loaders of every store node that
 * has a loader for its type, into that store, with `chatId` and the `chatUpload` mark on every
 * chunk, so that retrieval shows them only in that chat (lib/nodes/vector-stores/build-store.ts).
 * 400 when no loader feeding a store reads a file's type, 415 for an unsupported type, before
 * anything is stored.
 */
export async function ingestChatFiles(
  chatflow: ChatflowToRun,
  content: { files: SourceFile[]; chatId: string; overrideConfig: Record<string, unknown> },
  signal: AbortSignal,
): Promise<UpsertOutcome[]> {
  const plans = await Promise.all(
    findStoreNodes(chatflow).map((node) =>
      buildUpsertPlan(chatflow, node.id, content.overrideConfig, signal),
    ),
  );
  const filesByPlan = new Map<StoreUpsertPlan, SourceFile[]>();
  for (const file of content.files) {
    const fileType = detectFileType(file);
    const readers = plans.filter((plan) =>
      plan.loaders.some((loader) => loader.fileTypes.includes(fileType)),
    );
    if (readers.length === 0) {
      throw badRequest(
        `No document loader feeding a vector store in this chatflow reads ${fileType} files ("${file.name}")`,
      );
    }
    for (const plan of readers) filesByPlan.set(plan, [...(filesByPlan.get(plan) ?? []), file]);
  }
  const outcomes: UpsertOutcome[] = [];
  for (const [plan, files] of filesByPlan) {
    const metadata = { chatId: content.chatId, chatUpload: true };
    const chunks = await collectChunks(plan.loaders, { files, metadata, overrideConfig: {} });
    outcomes.push(await upsertChunks(plan.target, chunks));
  }
  return outcomes;
}

async function buildUpsertPlan(
  chatflow: ChatflowToRun,
  storeNodeId: string,
  overrideConfig: Record<string, unknown>,
  signal: AbortSignal,
): Promise<StoreUpsertPlan> {
  const instance = (await buildFlowNode({ chatflow, nodeId: storeNodeId, overrideConfig, signal })) as
    { upsertPlan?: StoreUpsertPlan } | undefined;
  const plan = instance?.upsertPlan;
  if (!plan) throw new Error(`Vector store node ${storeNodeId} built no upsert plan`);
  return plan;
}

const findStoreNodes = (chatflow: ChatflowToRun) =>
  parseFlowData(chatflow.flowData).nodes.filter(
    (node) => findNodeDefinition(node.data.name)?.category === "Vector Stores",
  );

/** The store node the upsert goes into: `stopNodeId`, or the flow's only store node; else a 400. */
function chooseStoreNode(chatflow: ChatflowToRun, stopNodeId: string | undefined): string {
  const stores = findStoreNodes(chatflow);
  if (stores.length === 0) throw badRequest(NO_VECTOR_STORE);
  if (stopNodeId) {
    if (stores.some((node) => node.id === stopNodeId)) return stopNodeId;
    const message = `stopNodeId "${stopNodeId.slice(0, 100)}" is not a vector store node of this chatflow (${listIds(stores)})`;
    throw badRequest(message, [{ path: "stopNodeId", message }]);
  }
  if (stores.length > 1) {
    const message = `This chatflow has several vector store nodes (${listIds(stores)}): choose one with stopNodeId`;
    throw badRequest(message, [{ path: "stopNodeId", message }]);
  }
  return stores[0].id;
}

const listIds = (nodes: Array<{ id: string }>) => nodes.map((node) => node.id).join(", ");

/**
 * Content enters through the flow's loaders: each file through the first loader that reads its
 * type, text and documents through a plainText loader (else the first loader). A request without
 * content upserts what the loaders hold themselves. Without loaders, text and documents go into
 * the store as they are, and files are refused (nothing in the flow reads them).
 */
async function collectChunks(
  loaders: DocumentLoaderInstance[],
  content: UpsertContent,
): Promise<ChunkInput[]> {
  const requestDocuments = [
    ...(content.text?.trim() ? [{ pageContent: content.text, metadata: {} }] : []),
    ...(content.documents ?? []).map((document) => ({
      pageContent: document.pageContent,
      metadata: document.metadata ?? {},
    })),
  ];
  const hasRequestContent = requestDocuments.length > 0 || content.files.length > 0;
  const batches: Array<{ loader?: DocumentLoaderInstance; documents: Document[] }> = [];

  if (!hasRequestContent) {
    for (const loader of loaders) batches.push({ loader, documents: await loader.loadOwn() });
  } else {
    for (const file of content.files) {
      const fileType = detectFileType(file);
      const loader = loaders.find((candidate) => candidate.fileTypes.includes(fileType));
      if (!loader) {
        throw badRequest(
          loaders.length === 0
            ? `This chatflow has no document loader to read files with ("${file.name}")`
            : `No document loader of this chatflow reads ${fileType} files ("${file.name}")`,
        );
      }
      batches.push({ loader, documents: await loader.loadFile(file) });
    }
    if (requestDocuments.length > 0) {
      const loader = loaders.find((candidate) => candidate.fileTypes.length === 0) ?? loaders[0];
      batches.push({ loader, documents: requestDocuments });
    }
  }

  return batches.flatMap(({ loader, documents }) => {
    const described = documents.map((document) => ({
      pageContent: document.pageContent,
      metadata: { ...document.metadata, ...loader?.metadata },
    }));
    const chunks = loader?.splitter ? loader.splitter.splitDocuments(described) : described;
    return chunks.map((chunk) => ({
      pageContent: chunk.pageContent,
      metadata: { ...chunk.metadata, ...content.metadata },
    }));
  });
}
