import { ApiError } from "@/lib/api/errors";
import type { TextSplitter } from "@/lib/documents";
import { param } from "../define";
import { nodeError } from "../errors";

/** The inputs every splitter node has. */
export const chunkInputs = {
  chunkSize: param.number({ label: "Chunk Size", default: 1000, description: "Longest chunk" }),
  chunkOverlap: param.number({
    label: "Chunk Overlap",
    optional: true,
    placeholder: "200",
    description: "How much of a chunk the next one repeats; default min(200, chunk size / 5)",
  }),
};

/** Builds a splitter; a bad size or separator (lib/documents' 400) names the node. */
export function buildSplitter(node: { id: string; label: string }, build: () => TextSplitter): TextSplitter {
  try {
    return build();
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 400) throw nodeError(node, error.message);
    throw error;
  }
}
