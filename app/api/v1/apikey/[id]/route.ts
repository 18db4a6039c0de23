import { readJson } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { apiKeyBody } from "@/lib/apikeys/schemas";
import { deleteApiKey, renameApiKey } from "@/lib/apikeys/service";
import { requireMember } from "@/lib/auth/require-member";

export const PUT = route(async (request, { id }) => {
  const actor = await requireMember(request);
  const { keyName } = await readJson(request, apiKeyBody);
  return Response.json(await renameApiKey(actor.workspaceId, id, keyName));
});

export const DELETE = route(async (request, { id }) => {
  const actor = await requireMember(request);
  await deleteApiKey(actor.workspaceId, id);
  return Response.json({ message: "API key deleted" });
});
