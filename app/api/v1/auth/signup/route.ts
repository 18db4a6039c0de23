import { signUp } from "@/lib/accounts/service";
import { readJson } from "@/lib/api/body";
import { clientIp } from "@/lib/api/client-ip";
import { forbidden } from "@/lib/api/errors";
import { route } from "@/lib/api/route";
import { limitAuthAttempts } from "@/lib/auth/attempts";
import { signUpBody } from "@/lib/auth/schemas";
import { env } from "@/lib/env";

export const POST = route(async (request) => {
  if (!env.SIGNUP_ENABLED) throw forbidden("Sign-up is disabled on this server");
  await limitAuthAttempts("signup", clientIp(request));
  const body = await readJson(request, signUpBody);
  return Response.json(await signUp(body), { status: 201 });
});
