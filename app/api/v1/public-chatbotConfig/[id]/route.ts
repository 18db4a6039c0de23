import { answerWithCors } from "@/lib/api/cors";
import { route } from "@/lib/api/route";
import { getPublicChatbotConfig } from "@/lib/chatflows/service";

// No auth, public chatflows only: the embedded chat widget loads its settings from any origin, and
// reads the 404 too (it then says the chatbot is not available).
export const GET = route(async (_request, { id }, requestId) =>
  answerWithCors("*", requestId, async () => Response.json(await getPublicChatbotConfig(id))),
);
