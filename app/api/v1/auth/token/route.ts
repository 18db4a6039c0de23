import { authenticate } from "@/lib/accounts/service";
import { readJson } from "@/lib/api/body";
import { clientIp } from "@/lib/api/client-ip";
import { unauthorized } from "@/lib/api/errors";
import { route } from "@/lib/api/route";
import { limitAuthAttempts } from "@/lib/auth/attempts";
import { signApiToken } from "@/lib/auth/jwt";
import { tokenBody } from "@/lib/auth/schemas";

export const POST = route(async (request) => {
  await limitAuthAttempts("login", clientIp(request));
  const { email, password, workspaceId } = await readJson(request, tokenBody);
  const account = await authenticate(email, password, workspaceId);
  if (!account) throw unauthorized("Invalid email or password");
  const { token, expiresAt } = await signApiToken(account);
  return Response.json({
    token,
    tokenType: "Bearer",
    expiresAt: expiresAt.toISOString(),
    workspaceId: account.workspaceId,
  });
});
