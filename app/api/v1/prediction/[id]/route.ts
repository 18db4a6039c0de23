import { after } from "next/server";
import { answerWithCors, preflightResponse } from "@/lib/api/cors";
import { route } from "@/lib/api/route";
import { findPredictionChatflow } from "@/lib/predictions/chatflow";
import { engineRunner } from "@/lib/predictions/engine-runner";
import { checkOrigin } from "@/lib/predictions/origins";
import { handlePrediction } from "@/lib/predictions/predict";

export const dynamic = "force-dynamic";

// Order of API.md: unknown chatflow 404 → origin 403 → (with CORS headers from here on) access 401
// → rate limit 429 → body 400/413 → flow 400 → run.
export const POST = route(async (request, { id }, requestId) => {
  const chatflow = await findPredictionChatflow(id);
  const origin = checkOrigin(request, chatflow.allowedOrigins);
  return answerWithCors(origin, requestId, () =>
    handlePrediction(request, chatflow, { runner: engineRunner, defer: (task) => after(task) }),
  );
});

export const OPTIONS = route(async (request, { id }) => {
  const chatflow = await findPredictionChatflow(id);
  return preflightResponse(checkOrigin(request, chatflow.allowedOrigins));
});
