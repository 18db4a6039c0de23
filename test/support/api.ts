import { randomUUID } from "node:crypto";
import { expect, inject } from "vitest";

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  /** A raw body sent as-is (for malformed input). */
  rawBody?: BodyInit;
  token?: string;
  headers?: Record<string, string>;
}

export const baseUrl = () => inject("baseUrl");
export const mockUrl = () => inject("mockUrl");

/** One HTTP call to the app; parses JSON bodies, returns text otherwise. */
export async function api<T = any>(path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body = options.rawBody;
  if (options.body !== undefined) {
    headers["content-type"] ??= "application/json";
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${baseUrl()}${path}`, {
    method: options.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body,
  });
  const text = await response.text();
  let parsed: unknown = text;
  if (response.headers.get("content-type")?.includes("application/json")) parsed = JSON.parse(text);
  return { status: response.status, headers: response.headers, body: parsed as T };
}

export interface Member {
  email: string;
  password: string;
  userId: string;
  workspaceId: string;
  token: string;
}

/** Signs up a new user (and workspace) and logs in for a JWT. */
export async function createMember(name = "Tester"): Promise<Member> {
  const email = `user-${randomUUID()}@example.test`;
  const password = "correct horse battery";
  const signup = await api("/api/v1/auth/signup", { body: { email, password, name } });
  if (signup.status !== 201)
    throw new Error(`signup failed: ${signup.status} ${JSON.stringify(signup.body)}`);
  const login = await api("/api/v1/auth/token", { body: { email, password } });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  return {
    email,
    password,
    userId: signup.body.id,
    workspaceId: signup.body.workspaceId,
    token: login.body.token,
  };
}

/** Requests the mock model received whose body contains `marker`. */
export async function mockRequests(marker?: string) {
  const query = marker ? `?contains=${encodeURIComponent(marker)}` : "";
  const response = await fetch(`${mockUrl()}/__mock/requests${query}`);
  return (await response.json()) as Array<{ path: string; model?: string; body: any; aborted: boolean }>;
}

/** The JSON error body of API.md for a status and message (requestId varies). */
export const errorBody = (statusCode: number, message: string) => ({
  statusCode,
  success: false,
  message,
  requestId: expect.any(String),
});
