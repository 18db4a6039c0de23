import { readJson } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { requireMember } from "@/lib/auth/require-member";
import {
  credentialFields,
  deleteCredential,
  getCredential,
  updateCredential,
} from "@/lib/credentials/service";

export const GET = route(async (request, { id }) => {
  const actor = await requireMember(request);
  return Response.json(await getCredential(actor.workspaceId, id));
});

export const PUT = route(async (request, { id }) => {
  const actor = await requireMember(request);
  const changes = await readJson(request, credentialFields.partial().strict());
  return Response.json(await updateCredential(actor.workspaceId, id, changes));
});

export const DELETE = route(async (request, { id }) => {
  const actor = await requireMember(request);
  await deleteCredential(actor.workspaceId, id);
  return Response.json({ message: "Credential deleted" });
});
