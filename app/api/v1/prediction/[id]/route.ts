import { after } from "next/server";
import { answerWithCors, preflightResponse, withCors } from "@/lib/api/cors";
import { route, toErrorResponse } from "@/lib/api/route";
import { findPredictionChatflow } from "@/lib/predictions/chatflow";
import { engineRunner } from "@/lib/predictions/engine-runner";
import { checkOrigin } from "@/lib/predictions/origins";
import { handlePrediction } from "@/lib/predictions/predict";
import { recordPredictionRun } from "@/lib/runs/service";

export const dynamic = "force-dynamic";
// Streamed answers can take minutes: Node.js functions with a long limit on Vercel.
export const runtime = "nodejs";
export const maxDuration = 300;

// Order of API.md: unknown chatflow 404 → origin 403 → (with CORS headers from here on) access 401
// → rate limit 429 → body 400/413 → flow 400 → run.
export const POST = route(async (request, { id }, requestId) => {
  const chatflow = await findPredictionChatflow(id);
  let origin: string | null;
  try {
    origin = checkOrigin(request, chatflow.allowedOrigins);
  } catch (refusal) {
    // The refused page may read the refusal (nothing else), so that its chat widget can say why.
    return withCors(toErrorResponse(refusal, requestId), request.headers.get("origin"));
  }
  return answerWithCors(origin, requestId, () =>
    handlePrediction(request, chatflow, {
      runner: engineRunner,
      defer: (task) => after(task),
      // The insert starts now; `after` only keeps a serverless function alive until it settles.
      recordRun: (run) => after(recordPredictionRun(run)),
      requestId,
    }),
  );
});

export const OPTIONS = route(async (request, { id }) => {
  const chatflow = await findPredictionChatflow(id);
  return preflightResponse(checkOrigin(request, chatflow.allowedOrigins));
});
