import "server-only";
import { readCredentialData } from "@/lib/credentials/service";
import { getDb } from "@/lib/db";
import { isUuid } from "@/lib/ids";
import { log } from "@/lib/log";
import {
  createChromaStore,
  deleteChromaCollection,
  deploymentChroma,
  type ChromaServer,
} from "./chroma-store";
import { defaultCollectionName, resolveCollectionName } from "./collection-name";
import { listRecordedVectorIds } from "./ledger";
import { deleteMemoryVectors } from "./memory-store";

interface StoreNode {
  id: string;
  collectionName?: string;
  chromaURL?: string;
  credentialId?: string;
}

/**
 * Removes a chatflow's vectors before the chatflow goes: its memory collections, its own Chroma
 * collection (`cfs_<chatflowId>`), and the recorded vectors it put into named (shared) collections.
 * Chroma is only contacted when the flow has a Chroma node or recorded upserts. Throws
 * VectorStoreError (502) when Chroma cannot be reached, so the chatflow is not deleted while
 * its vectors stay behind; its UpsertRecords go with the chatflow row (ON DELETE CASCADE).
 */
export async function deleteChatflowVectors(workspaceId: string, chatflowId: string): Promise<void> {
  if (!isUuid(chatflowId)) return;
  deleteMemoryVectors(chatflowId);
  const db = await getDb();
  const row = await db.chatFlow.findFirst({
    where: { id: chatflowId, workspaceId },
    select: { flowData: true },
  });
  if (!row) return;
  const { chromaNodes: storeNodes, memoryNodeIds } = findStoreNodes(row.flowData);
  const recorded = await listRecordedVectorIds(workspaceId, chatflowId);
  const hasChromaVectors = [...recorded.keys()].some((nodeId) => !memoryNodeIds.has(nodeId));
  if (storeNodes.length === 0 && !hasChromaVectors) return;

  const deployment = deploymentChroma();
  await deleteChromaCollection(deployment, defaultCollectionName(chatflowId));
  for (const node of storeNodes) {
    const ids = recorded.get(node.id);
    if (!node.collectionName?.trim() || !ids?.length) continue;
    const server = node.chromaURL ? await ownServer(workspaceId, node) : deployment;
    const collectionName = resolveCollectionName({
      workspaceId,
      chatflowId,
      collectionName: node.collectionName,
      isOwnServer: Boolean(node.chromaURL),
    });
    await createChromaStore(server, collectionName).delete(ids);
  }
}

async function ownServer(workspaceId: string, node: StoreNode): Promise<ChromaServer> {
  let apiKey: string | undefined;
  if (node.credentialId) {
    try {
      const data = await readCredentialData(workspaceId, node.credentialId);
      apiKey = typeof data.chromaApiKey === "string" ? data.chromaApiKey : undefined;
    } catch (error) {
      log.warn("chroma credential unreadable while deleting vectors", { nodeId: node.id, error });
    }
  }
  return { url: node.chromaURL as string, apiKey };
}

/** The store nodes of a stored flow; for Chroma nodes, the inputs that say where their vectors are. */
function findStoreNodes(flowData: string): { chromaNodes: StoreNode[]; memoryNodeIds: Set<string> } {
  let flow: unknown;
  try {
    flow = JSON.parse(flowData);
  } catch {
    flow = undefined;
  }
  const listed = (flow as { nodes?: unknown })?.nodes;
  const nodes: unknown[] = Array.isArray(listed) ? listed : [];
  const memoryNodeIds = new Set(
    nodes
      .filter((node) => (node as { data?: { name?: unknown } })?.data?.name === "memoryVectorStore")
      .map((node) => String((node as { id?: unknown }).id)),
  );
  const chromaNodes = nodes.flatMap((node): StoreNode[] => {
    const data = (node as { data?: Record<string, unknown> })?.data;
    if (data?.name !== "chroma" || typeof (node as { id?: unknown }).id !== "string") return [];
    const inputs = (data.inputs ?? {}) as Record<string, unknown>;
    const text = (value: unknown) =>
      typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
    return [
      {
        id: (node as { id: string }).id,
        collectionName: text(inputs.collectionName),
        chromaURL: text(inputs.chromaURL),
        credentialId: text(data.credential) ?? text(inputs.FLOWISE_CREDENTIAL_ID),
      },
    ];
  });
  return { chromaNodes, memoryNodeIds };
}
