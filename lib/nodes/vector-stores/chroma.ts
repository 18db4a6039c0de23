import { ApiError } from "@/lib/api/errors";
import { createChromaStore, deploymentChroma, resolveCollectionName, type ChromaServer } from "@/lib/vector";
import { defineNode, param } from "../define";
import { nodeError } from "../errors";
import { createStoreInstance, storeInputs, storeOutputs, topKInput } from "./build-store";

export const chroma = defineNode({
  name: "chroma",
  label: "Chroma",
  version: 1,
  category: "Vector Stores",
  description: "Chunks and their embeddings in a Chroma server: the deployment's, or one you name",
  baseClasses: ["Chroma", "VectorStoreRetriever", "BaseRetriever"],
  credential: { credentialNames: ["chromaApi"], optional: true },
  inputs: {
    ...storeInputs,
    collectionName: param.string({
      label: "Collection Name",
      optional: true,
      overridable: false,
      description:
        "Empty: a collection of this chatflow's own. A name lets chatflows of the workspace share one",
    }),
    chromaURL: param.string({
      label: "Chroma URL",
      optional: true,
      overridable: false,
      placeholder: "http://localhost:8000",
      description: "Empty: the deployment's Chroma server",
    }),
    chromaMetadataFilter: param.json({
      label: "Chroma Metadata Filter",
      optional: true,
      additionalParams: true,
      placeholder: '{"source": "manual.pdf"}',
      description: 'Only chunks whose metadata match: {key: value}, or operators such as {page: {"$gte": 2}}',
    }),
    topK: topKInput,
  },
  outputs: storeOutputs("Chroma", "Chroma"),
  init({ inputs, node, output, request, credential }) {
    const ownUrl = inputs.chromaURL?.trim();
    const apiKey = typeof credential?.chromaApiKey === "string" ? credential.chromaApiKey : undefined;
    const server: ChromaServer = ownUrl ? { url: ownUrl, apiKey } : deploymentChroma();
    let collectionName: string;
    try {
      collectionName = resolveCollectionName({
        workspaceId: request.workspaceId,
        chatflowId: request.chatflowId,
        collectionName: inputs.collectionName,
        isOwnServer: Boolean(ownUrl),
      });
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 400) throw nodeError(node, error.message);
      throw error;
    }
    return createStoreInstance({
      node,
      output,
      request,
      store: createChromaStore(server, collectionName),
      embeddings: inputs.embeddings,
      loaders: inputs.document,
      topK: inputs.topK,
      filter: inputs.chromaMetadataFilter,
    });
  },
});
