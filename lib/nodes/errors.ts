import { badRequest } from "@/lib/api/errors";

/** A 400 about one node of the flow, naming it by id and label as every flow error does. */
export function nodeError(node: { id: string; label: string }, message: string) {
  return badRequest(`Node ${node.id} (${node.label}) ${message}`);
}
