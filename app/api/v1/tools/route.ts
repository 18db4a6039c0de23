import { readJson } from "@/lib/api/body";
import { listResponse, readPage } from "@/lib/api/pagination";
import { route } from "@/lib/api/route";
import { requireMember } from "@/lib/auth/require-member";
import { createToolBody } from "@/lib/tools/schema";
import { createTool, listTools } from "@/lib/tools/service";

export const GET = route(async (request) => {
  const actor = await requireMember(request);
  const { items, total } = await listTools(actor.workspaceId, readPage(request.nextUrl.searchParams));
  return listResponse(items, total);
});

export const POST = route(async (request) => {
  const actor = await requireMember(request);
  const body = await readJson(request, createToolBody);
  return Response.json(await createTool(actor.workspaceId, body), { status: 201 });
});
