import { env } from "@/lib/env";
import { parseFlowData } from "./schema";

// What the chat widget may let users attach (public-chatbotConfig's `uploads`, in the shape Flowise's
// embed widget reads). Only document files read by loaders that feed a vector store (RAG file upload).

export interface UploadSizeAndTypes {
  /** Extensions with the dot, as the widget's file input `accept` list. */
  fileTypes: string[];
  /** Megabytes. */
  maxUploadSize: number;
}

export interface UploadCapabilities {
  isSpeechToTextEnabled: boolean;
  isImageUploadAllowed: boolean;
  isRAGFileUploadAllowed: boolean;
  imgUploadSizeAndTypes: UploadSizeAndTypes[];
  fileUploadSizeAndTypes: UploadSizeAndTypes[];
}

const textTypes = [".txt", ".md", ".js", ".ts", ".py", ".java", ".cpp", ".html", ".xml"];

// File loader nodes and the extensions each reads. The engine's node registry will answer this instead.
const loaderFileTypes = new Map<string, string[]>([
  ["textFile", textTypes],
  ["pdfFile", [".pdf"]],
  ["docxFile", [".docx"]],
  ["csvFile", [".csv"]],
  ["jsonFile", [".json"]],
  ["fileLoader", [".pdf", ".docx", ".xlsx", ".csv", ".json", ...textTypes]],
]);

// Vector store nodes: prediction files go only through loaders that feed one (lib/upserts/ingest.ts).
const storeNames = new Set(["chroma", "memoryVectorStore"]);

export function describeUploads(flowData: string): UploadCapabilities {
  const flow = parseFlowData(flowData);
  const nameOf = new Map((flow?.nodes ?? []).map((node) => [node.id, String(node.data?.name)]));
  const feedingStores = (flow?.edges ?? [])
    .filter((edge) => storeNames.has(nameOf.get(edge.target) ?? ""))
    .flatMap((edge) => loaderFileTypes.get(nameOf.get(edge.source) ?? "") ?? []);
  const fileTypes = [...new Set(feedingStores)];
  return {
    isSpeechToTextEnabled: false,
    isImageUploadAllowed: false,
    isRAGFileUploadAllowed: fileTypes.length > 0,
    imgUploadSizeAndTypes: [],
    fileUploadSizeAndTypes: fileTypes.length > 0 ? [{ fileTypes, maxUploadSize: env.MAX_UPLOAD_MB }] : [],
  };
}
