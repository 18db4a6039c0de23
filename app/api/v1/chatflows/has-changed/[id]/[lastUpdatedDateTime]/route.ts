import { route } from "@/lib/api/route";
import { requireMember } from "@/lib/auth/require-member";
import { parseTimestamp } from "@/lib/chatflows/query";
import { hasChatflowChanged } from "@/lib/chatflows/service";

export const GET = route(async (request, { id, lastUpdatedDateTime }) => {
  const actor = await requireMember(request);
  const since = parseTimestamp(lastUpdatedDateTime);
  return Response.json(await hasChatflowChanged(actor.workspaceId, id, since));
});
