import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";

export { expect };

export interface Member {
  email: string;
  password: string;
  name: string;
}

/** Signs a user up over HTTP (only the login spec uses the forms). */
export async function signUpOverHttp(request: APIRequestContext, name = "E2E Tester"): Promise<Member> {
  const member = { email: `e2e-${randomUUID()}@example.test`, password: "correct horse battery", name };
  const response = await request.post("/api/v1/auth/signup", { data: member });
  expect(response.status(), await response.text()).toBe(201);
  return member;
}

/** Opens a next-auth session in the page's browser context by posting to the credentials callback. */
export async function logInOverHttp(page: Page, member: Member) {
  const csrf = await page.request.get("/api/auth/csrf");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await page.request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email: member.email, password: member.password, json: "true" },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const cookies = await page.context().cookies();
  expect(cookies.some((cookie) => cookie.name.endsWith("next-auth.session-token"))).toBe(true);
}

/** Calls /api/v1 with the page's session cookie and returns the parsed JSON, failing on errors. */
export async function api<T = unknown>(
  page: Page,
  method: string,
  route: string,
  data?: unknown,
): Promise<T> {
  const response = await page.request.fetch(`/api/v1${route}`, { method, data });
  const text = await response.text();
  expect(response.ok(), `${method} ${route} → ${response.status()} ${text}`).toBe(true);
  return (text ? JSON.parse(text) : undefined) as T;
}

const screenshotDir = path.resolve("docs/screenshots");

/** Saves a screenshot for the README. */
export async function saveScreenshot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

/** A test whose page is already signed in as a fresh member of a fresh workspace. */
export const test = base.extend<{ member: Member }>({
  member: async ({ page }, provide) => {
    const member = await signUpOverHttp(page.request);
    await logInOverHttp(page, member);
    await provide(member);
  },
});
