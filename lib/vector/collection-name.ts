import { badRequest } from "@/lib/api/errors";

// Chroma's rules for a collection name: 3–512 characters from [a-zA-Z0-9._-], starting and ending
// with a letter or digit, no "..", not an IPv4 address.

const namePattern = /^[a-zA-Z0-9](?:[a-zA-Z0-9._-]{1,510})[a-zA-Z0-9]$/;
const ipv4Pattern = /^\d{1,3}(?:\.\d{1,3}){3}$/;

export function isValidCollectionName(name: string): boolean {
  return namePattern.test(name) && !name.includes("..") && !ipv4Pattern.test(name);
}

/** The collection a chatflow's store node uses when it names none. */
export const defaultCollectionName = (chatflowId: string) => `cfs_${chatflowId}`;

/**
 * The Chroma collection a store node writes to and reads from.
 * - No `collectionName`: one collection per chatflow, `cfs_<chatflowId>`.
 * - A `collectionName` on the deployment's own Chroma server is kept apart per workspace
 *   (`cfs_<workspace id without dashes>_<name>`): chatflows of one workspace can share a collection,
 *   but no workspace can read or overwrite another's by guessing its name.
 * - A `collectionName` on a server the node names itself (`chromaURL`) is used as written.
 * A name Chroma would refuse is a 400.
 */
export function resolveCollectionName(options: {
  workspaceId: string;
  chatflowId: string;
  collectionName?: string;
  isOwnServer: boolean;
}): string {
  const requested = options.collectionName?.trim();
  if (!requested) return defaultCollectionName(options.chatflowId);
  if (!isValidCollectionName(requested)) {
    throw badRequest(
      `Collection name "${requested.slice(0, 80)}" is not valid: use 3–512 letters, digits, ".", "_" or "-", ` +
        "starting and ending with a letter or digit",
    );
  }
  if (options.isOwnServer) return requested;
  const scoped = `cfs_${options.workspaceId.replace(/-/g, "")}_${requested}`;
  if (!isValidCollectionName(scoped))
    throw badRequest(`Collection name "${requested.slice(0, 80)}" is too long`);
  return scoped;
}
