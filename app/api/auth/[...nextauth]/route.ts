import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { getAuthOptions } from "@/lib/auth/session";

// next-auth v4 builds its callback URLs from the request's host when no NEXTAUTH_URL is configured
// only if told to trust it; our one-command start has no fixed public URL to configure.
process.env.AUTH_TRUST_HOST ??= "true";

type Context = { params: Promise<{ nextauth: string[] }> };

async function handler(request: NextRequest, context: Context) {
  return NextAuth(request, { params: await context.params }, getAuthOptions());
}

export { handler as GET, handler as POST };
