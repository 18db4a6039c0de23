import { listResponse, readPage } from "@/lib/api/pagination";
import { route } from "@/lib/api/route";
import { readKeyOnly } from "@/lib/chatflows/query";
import { listChatflowsForApiKey } from "@/lib/chatflows/service";

// Authenticated by the API key in the path, not by a JWT (Flowise's route shape).
export const GET = route(async (request, { apikey }) => {
  const { searchParams } = request.nextUrl;
  const keyOnly = readKeyOnly(searchParams);
  const { items, total } = await listChatflowsForApiKey(apikey, keyOnly, readPage(searchParams));
  return listResponse(items, total);
});
