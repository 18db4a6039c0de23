import { readJson } from "@/lib/api/body";
import { listResponse, readPage } from "@/lib/api/pagination";
import { route } from "@/lib/api/route";
import { apiKeyBody } from "@/lib/apikeys/schemas";
import { createApiKey, listApiKeys } from "@/lib/apikeys/service";
import { requireMember } from "@/lib/auth/require-member";

export const GET = route(async (request) => {
  const actor = await requireMember(request);
  const { items, total } = await listApiKeys(actor.workspaceId, readPage(request.nextUrl.searchParams));
  return listResponse(items, total);
});

export const POST = route(async (request) => {
  const actor = await requireMember(request);
  const { keyName } = await readJson(request, apiKeyBody);
  return Response.json(await createApiKey(actor.workspaceId, keyName), { status: 201 });
});
