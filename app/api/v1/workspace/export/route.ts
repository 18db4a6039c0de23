import { route } from "@/lib/api/route";
import { requireMember } from "@/lib/auth/require-member";
import { exportWorkspace } from "@/lib/workspaces/export";

export const GET = route(async (request) => {
  const actor = await requireMember(request);
  const file = await exportWorkspace(actor.workspaceId);
  const day = file.exportedAt.slice(0, 10);
  return Response.json(file, {
    headers: { "Content-Disposition": `attachment; filename="workspace-${actor.workspaceId}-${day}.json"` },
  });
});
