import { describe, expect, it } from "vitest";
import type { FlowRequest } from "../types";
import { collectSourceDocuments, takeSourceDocuments } from "./source-documents";

describe("source documents of a request", () => {
  it("collects without repeats, per request, and forgets them once taken", () => {
    const request = {} as FlowRequest;
    const other = {} as FlowRequest;
    const a = { pageContent: "a", metadata: { page: 1 } };
    const b = { pageContent: "b", metadata: {} };
    collectSourceDocuments(request, [a, b]);
    collectSourceDocuments(request, [{ pageContent: "a", metadata: { page: 1 } }]);
    expect(takeSourceDocuments(other)).toBeUndefined();
    expect(takeSourceDocuments(request)).toEqual([a, b]);
    expect(takeSourceDocuments(request)).toBeUndefined();
  });
});
