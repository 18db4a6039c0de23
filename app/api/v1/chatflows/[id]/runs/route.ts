import { listResponse, readPage } from "@/lib/api/pagination";
import { route } from "@/lib/api/route";
import { requireMember } from "@/lib/auth/require-member";
import { readRunStatusFilter } from "@/lib/runs/schema";
import { listPredictionRuns } from "@/lib/runs/service";

export const GET = route(async (request, { id }) => {
  const actor = await requireMember(request);
  const { searchParams } = request.nextUrl;
  const status = readRunStatusFilter(searchParams);
  const { items, total } = await listPredictionRuns(
    actor.workspaceId,
    id,
    { status },
    readPage(searchParams),
  );
  return listResponse(items, total);
});
