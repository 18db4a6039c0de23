import "server-only";
import type { SourceFile } from "@/lib/documents";
import type { PredictionFile, PredictionUpload } from "./request";

/** A prediction's multipart files and `uploads` (data: URLs, checked by request.ts) as files to load. */
export function toSourceFiles(files: PredictionFile[], uploads: PredictionUpload[]): SourceFile[] {
  return [
    ...files.map((file) => ({ name: file.name, mime: file.mime, bytes: file.bytes })),
    ...uploads.map((upload) => ({ name: upload.name, mime: upload.mime, bytes: decodeDataUrl(upload.data) })),
  ];
}

function decodeDataUrl(data: string): Uint8Array {
  const comma = data.indexOf(",");
  const header = data.slice(0, comma);
  const payload = data.slice(comma + 1);
  const isBase64 = header
    .split(";")
    .slice(1)
    .some((param) => param.toLowerCase() === "base64");
  if (isBase64) return new Uint8Array(Buffer.from(payload.replace(/\s+/g, ""), "base64"));
  return new TextEncoder().encode(decodeURIComponent(payload));
}
