import { env } from "@/lib/env";
import { nodeName, withoutStickyNotes } from "./graph";
import { parseFlowData } from "./schema";

// What the chat widget may let users attach (public-chatbotConfig's `uploads`, in the shape Flowise's
// embed widget reads). Only document files read by the flow's loaders are supported for now.

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

export function describeUploads(flowData: string): UploadCapabilities {
  const flow = parseFlowData(flowData);
  const loaders = flow
    ? withoutStickyNotes(flow).nodes.flatMap((node) => loaderFileTypes.get(nodeName(node) ?? "") ?? [])
    : [];
  const fileTypes = [...new Set(loaders)];
  return {
    isSpeechToTextEnabled: false,
    isImageUploadAllowed: false,
    isRAGFileUploadAllowed: fileTypes.length > 0,
    imgUploadSizeAndTypes: [],
    fileUploadSizeAndTypes: fileTypes.length > 0 ? [{ fileTypes, maxUploadSize: env.MAX_UPLOAD_MB }] : [],
  };
}
