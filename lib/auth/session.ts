import "server-only";
import type { AuthOptions } from "next-auth";
import { getToken } from "next-auth/jwt";
import CredentialsProvider from "next-auth/providers/credentials";
import type { NextRequest } from "next/server";
import { authenticate } from "@/lib/accounts/service";
import { clientIp } from "@/lib/api/client-ip";
import { getSecrets } from "@/lib/secrets";
import type { Actor, Role } from "./actor";
import { limitAuthAttempts } from "./attempts";

// The web UI's session: next-auth's credentials provider with a JWT session cookie.

export function getAuthOptions(): AuthOptions {
  return {
    secret: getSecrets().authSecret,
    session: { strategy: "jwt", maxAge: 7 * 24 * 3600 },
    pages: { signIn: "/login" },
    providers: [
      CredentialsProvider({
        name: "Email",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
        },
        async authorize(credentials, request) {
          const headers = new Headers(request?.headers as Record<string, string> | undefined);
          await limitAuthAttempts("login", clientIp(new Request("http://local", { headers })));
          if (!credentials?.email || !credentials.password) return null;
          const account = await authenticate(credentials.email, credentials.password);
          if (!account) return null;
          return {
            id: account.userId,
            email: account.email,
            name: account.name,
            workspaceId: account.workspaceId,
            role: account.role,
          };
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          const member = user as unknown as { workspaceId: string; role: Role };
          token.workspaceId = member.workspaceId;
          token.role = member.role;
        }
        return token;
      },
      async session({ session, token }) {
        return { ...session, userId: token.sub, workspaceId: token.workspaceId, role: token.role };
      },
    },
  };
}

const secureCookieName = "__Secure-next-auth.session-token";

/** The member behind the UI session cookie, or null. */
export async function readSessionActor(request: NextRequest): Promise<Actor | null> {
  const secureCookie = request.cookies.has(secureCookieName);
  if (!secureCookie && !request.cookies.has("next-auth.session-token")) return null;
  const token = await getToken({ req: request, secret: getSecrets().authSecret, secureCookie });
  if (!token?.sub || typeof token.workspaceId !== "string") return null;
  return { userId: token.sub, workspaceId: token.workspaceId, role: token.role as Role, via: "session" };
}
