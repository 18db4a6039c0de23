import { route } from "@/lib/api/route";
import { getPublicChatbotConfig } from "@/lib/chatflows/service";

// No auth, public chatflows only: the embedded chat widget loads its settings from any origin.
export const GET = route(async (_request, { id }) => {
  return Response.json(await getPublicChatbotConfig(id), { headers: { "Access-Control-Allow-Origin": "*" } });
});
