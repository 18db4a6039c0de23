import "server-only";
import { jwtVerify, SignJWT } from "jose";
import { env } from "@/lib/env";
import { getSecrets } from "@/lib/secrets";
import type { Actor, Role } from "./actor";

const issuer = "chatflow-studio";
const audience = "chatflow-studio-api";

let key: Uint8Array | undefined;
const signingKey = () => (key ??= new TextEncoder().encode(getSecrets().authSecret));

export async function signApiToken(actor: Omit<Actor, "via">) {
  const expiresAt = new Date(Date.now() + env.JWT_EXPIRES_IN_HOURS * 3600 * 1000);
  const token = await new SignJWT({ wid: actor.workspaceId, role: actor.role })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(actor.userId)
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(signingKey());
  return { token, expiresAt };
}

/** The actor of a valid token, or null for anything garbled, forged or expired. */
export async function verifyApiToken(token: string): Promise<Actor | null> {
  try {
    const { payload } = await jwtVerify(token, signingKey(), { issuer, audience, algorithms: ["HS256"] });
    if (typeof payload.sub !== "string" || typeof payload.wid !== "string") return null;
    return { userId: payload.sub, workspaceId: payload.wid, role: payload.role as Role, via: "jwt" };
  } catch {
    return null;
  }
}
