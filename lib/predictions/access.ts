import "server-only";
import type { NextRequest } from "next/server";
import { unauthorized } from "@/lib/api/errors";
import { findApiKey } from "@/lib/apikeys/service";
import { bearerToken, findMember } from "@/lib/auth/require-member";

/** What the access rule needs of a chatflow. */
export interface AccessTarget {
  workspaceId: string;
  apikeyid: string | null;
  isPublic: boolean;
}

/** Who called, as far as the access rule found out: rate limits are counted per caller. */
export type PredictionCaller =
  { kind: "apiKey"; apiKeyId: string } | { kind: "user"; userId: string } | { kind: "anonymous" };

const API_KEY_REQUIRED = "API key required";
const INVALID_API_KEY = "Invalid API key";
const CREDENTIALS_REQUIRED = "API key or member token required";
const INVALID_CREDENTIALS = "Invalid API key or token";

// API keys are recognisable by their prefix (lib/apikeys/service.ts); anything else is a JWT.
const looksLikeApiKey = (token: string) => token.startsWith("cfs_");

/**
 * API.md "Prediction/upsert access":
 * - a chatflow bound to a key (`apikeyid`) needs exactly that key;
 * - an unbound public chatflow is open to anyone;
 * - an unbound private chatflow needs any API key of its workspace, or a JWT/session of a member of it.
 * Each check is one indexed lookup (sha256 of the key) or a JWT verification: no slow hash.
 */
export async function authorizePrediction(
  request: NextRequest,
  chatflow: AccessTarget,
): Promise<PredictionCaller> {
  const token = bearerToken(request);

  if (chatflow.apikeyid) {
    if (!token) throw unauthorized(API_KEY_REQUIRED);
    const key = looksLikeApiKey(token) ? await findApiKey(token) : null;
    if (key?.id !== chatflow.apikeyid) throw unauthorized(INVALID_API_KEY);
    return { kind: "apiKey", apiKeyId: key.id };
  }

  if (chatflow.isPublic) {
    // Open to all; a key of the workspace still names the caller, so it gets its own rate limit.
    if (token && looksLikeApiKey(token)) {
      const key = await findApiKey(token);
      if (key && key.workspaceId === chatflow.workspaceId) return { kind: "apiKey", apiKeyId: key.id };
    }
    return { kind: "anonymous" };
  }

  if (token && looksLikeApiKey(token)) {
    const key = await findApiKey(token);
    if (!key || key.workspaceId !== chatflow.workspaceId) throw unauthorized(INVALID_CREDENTIALS);
    return { kind: "apiKey", apiKeyId: key.id };
  }
  const member = await findMember(request);
  if (member && member.workspaceId === chatflow.workspaceId) return { kind: "user", userId: member.userId };
  throw unauthorized(
    token || request.headers.has("authorization") ? INVALID_CREDENTIALS : CREDENTIALS_REQUIRED,
  );
}
