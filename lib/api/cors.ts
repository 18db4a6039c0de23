import { toErrorResponse } from "./route";

// CORS for the endpoints a browser on another site may call (prediction, chatflows-streaming,
// public-chatbotConfig, vector upsert). Which origins are allowed is the caller's decision; these
// helpers only write the headers. No credentials: these endpoints take API keys, not cookies.

const ALLOW_HEADERS = "Content-Type, Authorization";
const ALLOW_METHODS = "POST, GET, OPTIONS";
const EXPOSE_HEADERS = "X-Request-Id";
const PREFLIGHT_MAX_AGE_S = "600";

/** Headers that let `origin` read the response. */
export function corsHeaders(origin: string): Record<string, string> {
  return {
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Allow-Headers": ALLOW_HEADERS,
    "Access-Control-Allow-Methods": ALLOW_METHODS,
    "Access-Control-Expose-Headers": EXPOSE_HEADERS,
    Vary: "Origin",
  };
}

/** Adds the CORS headers for `origin` (when there is one) to a response and returns it. */
export function withCors(response: Response, origin: string | null): Response {
  if (origin === null) return response;
  for (const [name, value] of Object.entries(corsHeaders(origin))) {
    if (name === "Vary") response.headers.append("Vary", value);
    else response.headers.set(name, value);
  }
  return response;
}

/** The answer to an allowed `OPTIONS` preflight: 204 with the CORS headers. */
export function preflightResponse(origin: string | null): Response {
  const response = new Response(null, {
    status: 204,
    headers: { Allow: ALLOW_METHODS, "Access-Control-Max-Age": PREFLIGHT_MAX_AGE_S },
  });
  return withCors(response, origin);
}

/**
 * Runs `produce` and adds the CORS headers to whatever it answers, its error responses included,
 * so that a browser on an allowed site can read a 401 or a 429 too.
 */
export async function answerWithCors(
  origin: string | null,
  requestId: string,
  produce: () => Promise<Response>,
): Promise<Response> {
  let response: Response;
  try {
    response = await produce();
  } catch (error) {
    response = toErrorResponse(error, requestId);
  }
  return withCors(response, origin);
}
