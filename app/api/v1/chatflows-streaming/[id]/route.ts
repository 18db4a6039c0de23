import { answerWithCors } from "@/lib/api/cors";
import { route } from "@/lib/api/route";
import { getChatflowStreaming } from "@/lib/chatflows/service";

// No auth: the embedded chat widget asks this before its first question, from any origin.
export const GET = route(async (_request, { id }, requestId) =>
  answerWithCors("*", requestId, async () => Response.json(await getChatflowStreaming(id))),
);
