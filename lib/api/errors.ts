// The one error type of the API. Anything else that reaches the route wrapper is a 500.

export interface Issue {
  path: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: Issue[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const badRequest = (message: string, details?: Issue[]) => new ApiError(400, message, details);
export const unauthorized = (message = "Unauthorized") => new ApiError(401, message);
export const forbidden = (message: string) => new ApiError(403, message);
export const notFound = (what: string) => new ApiError(404, `${what} not found`);
export const conflict = (message: string) => new ApiError(409, message);
export const payloadTooLarge = (message: string) => new ApiError(413, message);
export const unsupportedMediaType = (message: string) => new ApiError(415, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new ApiError(429, message, undefined, { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const badGateway = (message: string) => new ApiError(502, message);
export const serviceUnavailable = (message: string) => new ApiError(503, message);
