import { route } from "@/lib/api/route";
import { getChatflowStreaming } from "@/lib/chatflows/service";

// No auth: the embedded chat widget asks this before its first question, from any origin.
export const GET = route(async (_request, { id }) => {
  return Response.json(await getChatflowStreaming(id), { headers: { "Access-Control-Allow-Origin": "*" } });
});
