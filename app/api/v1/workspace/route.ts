import { route } from "@/lib/api/route";
import { requireMember } from "@/lib/auth/require-member";
import { deleteWorkspace } from "@/lib/workspaces/delete";

// Deleting a large workspace removes every chatflow's vectors from Chroma first.
export const runtime = "nodejs";
export const maxDuration = 300;

export const DELETE = route(async (request) => {
  const actor = await requireMember(request);
  return Response.json(await deleteWorkspace(actor));
});
