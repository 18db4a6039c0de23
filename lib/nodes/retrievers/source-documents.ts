import type { FlowRequest, SourceDocument } from "../types";

// Documents that retriever tools found during a request, for the agent to return as its
// sourceDocuments: tools answer the model with text only, so the documents travel beside it.

const collected = new WeakMap<FlowRequest, SourceDocument[]>();

export function collectSourceDocuments(request: FlowRequest, documents: SourceDocument[]): void {
  const list = collected.get(request) ?? [];
  const seen = new Set(list.map(toDocumentKey));
  for (const document of documents) {
    if (seen.has(toDocumentKey(document))) continue;
    seen.add(toDocumentKey(document));
    list.push(document);
  }
  collected.set(request, list);
}

/** What the request's tools collected (undefined when none did), forgotten once taken. */
export function takeSourceDocuments(request: FlowRequest): SourceDocument[] | undefined {
  const list = collected.get(request);
  collected.delete(request);
  return list;
}

const toDocumentKey = (document: SourceDocument) => JSON.stringify([document.pageContent, document.metadata]);
