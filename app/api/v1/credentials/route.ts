import { readJson } from "@/lib/api/body";
import { listResponse, readPage } from "@/lib/api/pagination";
import { route } from "@/lib/api/route";
import { requireMember } from "@/lib/auth/require-member";
import { createCredential, credentialFields, listCredentials } from "@/lib/credentials/service";

export const GET = route(async (request) => {
  const actor = await requireMember(request);
  const { searchParams } = request.nextUrl;
  const credentialName = searchParams.get("credentialName") ?? undefined;
  const { items, total } = await listCredentials(actor.workspaceId, readPage(searchParams), credentialName);
  return listResponse(items, total);
});

export const POST = route(async (request) => {
  const actor = await requireMember(request);
  const body = await readJson(request, credentialFields.strict());
  return Response.json(await createCredential(actor.workspaceId, body), { status: 201 });
});
