import "server-only";
import type { NextRequest } from "next/server";
import { log } from "@/lib/log";
import { ApiError, badRequest } from "./errors";
import { requestIdFor } from "./request-id";

type Params = Record<string, string>;
type RouteContext = { params: Promise<Params> };
export type Handler = (request: NextRequest, params: Params, requestId: string) => Promise<Response>;

/**
 * Wraps a route handler: request id, the single try/catch, the error body of API.md, access logs.
 * Handlers throw ApiError for expected failures; everything else becomes a logged 500.
 */
export function route(handler: Handler) {
  return async (request: NextRequest, context: RouteContext): Promise<Response> => {
    const started = performance.now();
    const requestId = requestIdFor(request);
    let response: Response;
    try {
      response = await handler(request, await context.params, requestId);
    } catch (error) {
      response = toErrorResponse(error, requestId);
    }
    response.headers.set("X-Request-Id", requestId);
    log.info("request", {
      requestId,
      method: request.method,
      route: request.nextUrl.pathname,
      status: response.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
    return response;
  };
}

export function toErrorResponse(error: unknown, requestId: string): Response {
  if (error instanceof ApiError) {
    const { statusCode, message, details, headers } = error;
    return Response.json(
      { statusCode, success: false, message, ...(details ? { details } : {}), requestId },
      { status: statusCode, headers },
    );
  }
  if (hasCode(error, unstorableTextCodes)) {
    return toErrorResponse(
      badRequest("The request contains text that cannot be stored (a NUL character)"),
      requestId,
    );
  }
  if (isDatabaseUnavailable(error)) {
    log.warn("database unavailable", { requestId, error });
    return Response.json(
      { statusCode: 503, success: false, message: "Service temporarily unavailable", requestId },
      { status: 503, headers: { "Retry-After": "5" } },
    );
  }
  log.error("unhandled error", { requestId, error });
  return Response.json(
    { statusCode: 500, success: false, message: "Internal error", requestId },
    { status: 500 },
  );
}

// Connection-level failures (server down, restarting, refusing connections) are a 503 the client may
// retry, not a 500 bug. Codes: Prisma P1001/P1002/P1017, pg/Node socket errors, PostgreSQL 57P0x
// (shutting down, starting up) and 08xxx (connection failures).
const unavailableCodes = new Set([
  "P1001",
  "P1002",
  "P1017",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);

// Prisma wraps driver errors (P2039/P2010) and keeps the PostgreSQL code in
// `meta.driverAdapterError.cause.originalCode`, so that chain is followed as well as `cause`.
function* errorChain(error: unknown) {
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    const candidate = current as {
      code?: unknown;
      originalCode?: unknown;
      cause?: unknown;
      message?: unknown;
      meta?: { driverAdapterError?: unknown };
    };
    yield candidate;
    current = candidate.cause ?? candidate.meta?.driverAdapterError;
  }
}

function hasCode(error: unknown, codes: Set<string>): boolean {
  for (const candidate of errorChain(error)) {
    for (const code of [candidate.code, candidate.originalCode]) {
      if (typeof code === "string" && codes.has(code)) return true;
    }
  }
  return false;
}

function isDatabaseUnavailable(error: unknown): boolean {
  if (hasCode(error, unavailableCodes)) return true;
  for (const candidate of errorChain(error)) {
    if (
      typeof candidate.message === "string" &&
      /Connection terminated|connect ECONNREFUSED|terminating connection|Can't reach database/i.test(
        candidate.message,
      )
    ) {
      return true;
    }
  }
  return false;
}

// Text PostgreSQL refuses to store (a NUL character; JSON bodies are checked up front, this covers
// form fields and anything else): the client's input, so a 400 rather than a 500.
const unstorableTextCodes = new Set(["22021", "22P05"]);
