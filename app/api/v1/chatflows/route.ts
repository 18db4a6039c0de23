import { readJson } from "@/lib/api/body";
import { listResponse, readPage } from "@/lib/api/pagination";
import { route } from "@/lib/api/route";
import { requireMember } from "@/lib/auth/require-member";
import { readChatflowFilters } from "@/lib/chatflows/query";
import { createChatflowBody } from "@/lib/chatflows/schema";
import { createChatflow, listChatflows } from "@/lib/chatflows/service";

export const GET = route(async (request) => {
  const actor = await requireMember(request);
  const { searchParams } = request.nextUrl;
  const filters = readChatflowFilters(searchParams);
  const { items, total } = await listChatflows(actor.workspaceId, filters, readPage(searchParams));
  return listResponse(items, total);
});

export const POST = route(async (request) => {
  const actor = await requireMember(request);
  const input = await readJson(request, createChatflowBody);
  return Response.json(await createChatflow(actor.workspaceId, input), { status: 201 });
});
