import { preflightResponse, withCors } from "@/lib/api/cors";
import { route } from "@/lib/api/route";
import { findPredictionChatflow } from "@/lib/predictions/chatflow";
import { checkOrigin } from "@/lib/predictions/origins";
import { handlePublicUpsert } from "@/lib/upserts/handle";
import { answerUpsert } from "@/lib/upserts/response";

export const dynamic = "force-dynamic";
// Loading, splitting and embedding large uploads takes long: Node.js functions with a long limit on Vercel.
export const runtime = "nodejs";
export const maxDuration = 300;

// As prediction: unknown chatflow 404 → origin 403 → (with CORS headers from here on) access 401
// → rate limit 429 → body 400/413/415 → flow 400 → upsert (500 when the store or embeddings fail).
export const POST = route(async (request, { id }, requestId) =>
  answerUpsert(requestId, async () => {
    const chatflow = await findPredictionChatflow(id);
    const origin = checkOrigin(request, chatflow.allowedOrigins);
    return withCors(await answerUpsert(requestId, () => handlePublicUpsert(request, chatflow)), origin);
  }),
);

export const OPTIONS = route(async (request, { id }) => {
  const chatflow = await findPredictionChatflow(id);
  return preflightResponse(checkOrigin(request, chatflow.allowedOrigins));
});
