import "server-only";
import type { NextRequest } from "next/server";
import { unauthorized } from "@/lib/api/errors";
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
  if (token) return verifyApiToken(token);
  if (request.headers.has("authorization")) return null;
  return readSessionActor(request);
}
