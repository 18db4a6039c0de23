import "server-only";
import type { NextRequest } from "next/server";
import { unauthorized } from "@/lib/api/errors";
import { getDb } from "@/lib/db";
import type { Actor } from "./actor";
import { verifyApiToken } from "./jwt";
import { readSessionActor } from "./session";

export function bearerToken(request: Request): string | undefined {
  const header = request.headers.get("authorization");
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/** A member of a workspace, by `Authorization: Bearer <JWT>` or the UI session cookie; else 401. */
export async function requireMember(request: NextRequest): Promise<Actor> {
  const actor = await findMember(request);
  if (!actor) {
    throw unauthorized(
      request.headers.has("authorization") ? "Invalid or expired token" : "Authentication required",
    );
  }
  return actor;
}

export async function findMember(request: NextRequest): Promise<Actor | null> {
  const token = bearerToken(request);
  const claimed = token
    ? await verifyApiToken(token)
    : request.headers.has("authorization")
      ? null
      : await readSessionActor(request);
  return claimed && confirmMembership(claimed);
}

/**
 * A token outlives what it names: the workspace may have been deleted or the user removed from it.
 * One primary-key lookup keeps such tokens out, and takes the role as it is now.
 */
async function confirmMembership(actor: Actor): Promise<Actor | null> {
  const db = await getDb();
  const membership = await db.workspaceMember.findUnique({
    where: { workspaceId_userId: { workspaceId: actor.workspaceId, userId: actor.userId } },
    select: { role: true },
  });
  return membership ? { ...actor, role: membership.role as Actor["role"] } : null;
}
