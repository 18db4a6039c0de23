import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { badRequest } from "@/lib/api/errors";
import { requestIdFor } from "@/lib/api/request-id";
import { toErrorResponse } from "@/lib/api/route";
import { getAuthOptions } from "@/lib/auth/session";

// next-auth v4 builds its callback URLs from the request's host when no NEXTAUTH_URL is configured
// only if told to trust it; our one-command start has no fixed public URL to configure.
process.env.AUTH_TRUST_HOST ??= "true";

type Context = { params: Promise<{ nextauth: string[] }> };

async function handler(request: NextRequest, context: Context) {
  try {
    return await NextAuth(request, { params: await context.params }, getAuthOptions());
  } catch (error) {
    // next-auth parses a JSON body itself and lets a malformed one throw: the client's error, not ours.
    if (error instanceof SyntaxError)
      return toErrorResponse(badRequest("Malformed JSON body"), requestIdFor(request));
    throw error;
  }
}

export { handler as GET, handler as POST };
