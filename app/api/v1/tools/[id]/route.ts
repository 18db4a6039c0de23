import { readJson } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { requireMember } from "@/lib/auth/require-member";
import { updateToolBody } from "@/lib/tools/schema";
import { deleteTool, getTool, updateTool } from "@/lib/tools/service";

export const GET = route(async (request, { id }) => {
  const actor = await requireMember(request);
  return Response.json(await getTool(actor.workspaceId, id));
});

export const PUT = route(async (request, { id }) => {
  const actor = await requireMember(request);
  const changes = await readJson(request, updateToolBody);
  return Response.json(await updateTool(actor.workspaceId, id, changes));
});

export const DELETE = route(async (request, { id }) => {
  const actor = await requireMember(request);
  await deleteTool(actor.workspaceId, id);
  return Response.json({ message: "Tool deleted" });
});
