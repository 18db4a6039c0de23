import { readJson } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { requireMember } from "@/lib/auth/require-member";
import { updateChatflowBody } from "@/lib/chatflows/schema";
import { deleteChatflow, getChatflow, updateChatflow } from "@/lib/chatflows/service";

export const GET = route(async (request, { id }) => {
  const actor = await requireMember(request);
  return Response.json(await getChatflow(actor.workspaceId, id));
});

export const PUT = route(async (request, { id }) => {
  const actor = await requireMember(request);
  const changes = await readJson(request, updateChatflowBody);
  return Response.json(await updateChatflow(actor.workspaceId, id, changes));
});

export const DELETE = route(async (request, { id }) => {
  const actor = await requireMember(request);
  return Response.json(await deleteChatflow(actor.workspaceId, id));
});
