import { beforeAll, describe, expect, it } from "vitest";
import { api, baseUrl, createMember, errorBody, type Member } from "../support/api";
import { waitFor } from "../support/processes";
import { conversationFlow, createChatflow, predict } from "./prediction-helpers";

// Run records: every prediction (answered, failed at the provider, abandoned by the client) leaves
// one, listed newest first by GET /api/v1/chatflows/{id}/runs.

let member: Member;
beforeAll(async () => {
  member = await createMember();
});

const listRuns = (id: string, query = "", token = member.token) =>
  api(`/api/v1/chatflows/${id}/runs${query}`, { token });

async function waitForRuns(id: string, count: number) {
  await waitFor(async () => (await listRuns(id)).body.length >= count, `${count} runs of ${id}`, 10_000);
  return (await listRuns(id)).body as Array<Record<string, unknown>>;
}

describe("GET /api/v1/chatflows/{id}/runs", () => {
  it("records answered, streamed and failed predictions with model, tokens and duration, newest first", async () => {
    const chatflow = await createChatflow(member);
    expect((await predict(chatflow.id, { question: "one two three", chatId: "chat-a" })).status).toBe(200);
    expect((await predict(chatflow.id, { question: "four", chatId: "chat-b", streaming: true })).status).toBe(
      200,
    );
    await waitForRuns(chatflow.id, 2);
    const failing = await createChatflow(member, {
      flowData: conversationFlow({ modelName: "mock-error-500" }),
    });
    const failed = await predict(failing.id, { question: "boom", chatId: "chat-c" });
    expect(failed.status).toBe(502);

    const runs = await waitForRuns(chatflow.id, 2);
    expect(runs).toEqual([
      {
        id: expect.any(String),
        chatflowId: chatflow.id,
        chatId: "chat-b",
        sessionId: "chat-b",
        status: "success",
        durationMs: expect.any(Number),
        model: "mock-model",
        promptTokens: expect.any(Number),
        completionTokens: 2,
        totalTokens: expect.any(Number),
        errorMessage: null,
        streaming: true,
        workspaceId: member.workspaceId,
        createdDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      },
      expect.objectContaining({ chatId: "chat-a", status: "success", streaming: false, completionTokens: 4 }),
    ]);
    expect(runs[0].totalTokens).toBe((runs[0].promptTokens as number) + 2);
    expect(Date.parse(runs[0].createdDate as string)).toBeGreaterThanOrEqual(
      Date.parse(runs[1].createdDate as string),
    );

    const [error] = await waitForRuns(failing.id, 1);
    expect(error).toMatchObject({
      status: "error",
      chatId: "chat-c",
      model: null,
      totalTokens: null,
      errorMessage: failed.body.message,
    });
  });

  it("records a streamed prediction the client abandoned as aborted", async () => {
    const chatflow = await createChatflow(member, { flowData: conversationFlow({ modelName: "mock-hang" }) });
    const controller = new AbortController();
    const response = await fetch(`${baseUrl()}/api/v1/prediction/${chatflow.id}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ question: "wait forever", streaming: true }),
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    await reader.read(); // the start event: the run is under way
    controller.abort();
    const [run] = await waitForRuns(chatflow.id, 1);
    expect(run).toMatchObject({ status: "aborted", streaming: true, errorMessage: null });
  });

  it("pages with X-Total-Count and filters by status", async () => {
    const chatflow = await createChatflow(member);
    for (const question of ["a", "b", "c"]) {
      expect((await predict(chatflow.id, { question })).status).toBe(200);
    }
    const all = await waitForRuns(chatflow.id, 3);
    const page = await listRuns(chatflow.id, "?page=2&limit=2");
    expect(page.status).toBe(200);
    expect(page.headers.get("x-total-count")).toBe("3");
    expect(page.body).toEqual([all[2]]);
    const errors = await listRuns(chatflow.id, "?status=error");
    expect(errors.body).toEqual([]);
    expect(errors.headers.get("x-total-count")).toBe("0");
    expect((await listRuns(chatflow.id, "?status=success")).headers.get("x-total-count")).toBe("3");

    const bad = await listRuns(chatflow.id, "?status=ok");
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(errorBody(400, "status must be one of success, error, aborted"));
    expect((await listRuns(chatflow.id, "?limit=501")).status).toBe(400);
  });

  it("answers 401 without credentials and 404 for another workspace's or a malformed id", async () => {
    const chatflow = await createChatflow(member);
    const anonymous = await api(`/api/v1/chatflows/${chatflow.id}/runs`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(errorBody(401, "Authentication required"));
    const stranger = await createMember();
    const foreign = await listRuns(chatflow.id, "", stranger.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(errorBody(404, "Chatflow not found"));
    expect((await listRuns("not-a-uuid")).body).toEqual(errorBody(404, "Chatflow not found"));
  });
});

/** A web UI session for `member`, through next-auth's credentials sign-in: the Cookie header. */
async function signInToUi(who: Member): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const index = pair.indexOf("=");
      jar.set(pair.slice(0, index), pair.slice(index + 1));
    }
  };
  const header = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  const csrf = await fetch(`${baseUrl()}/api/auth/csrf`);
  keep(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signIn = await fetch(`${baseUrl()}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: header() },
    body: new URLSearchParams({ csrfToken, email: who.email, password: who.password, json: "true" }),
  });
  keep(signIn);
  if (![...jar.keys()].some((name) => name.endsWith("next-auth.session-token"))) {
    throw new Error(`no session cookie after sign-in (${signIn.status})`);
  }
  return header();
}

describe("the builder's Runs page", () => {
  it("lists the chatflow's runs, filters them by status, and is 404 for another workspace's chatflow", async () => {
    const chatflow = await createChatflow(member, {
      flowData: conversationFlow({ modelName: "mock-runs-page" }),
    });
    expect((await predict(chatflow.id, { question: "page one" })).status).toBe(200);
    await waitForRuns(chatflow.id, 1);
    const cookie = await signInToUi(member);

    const page = await fetch(`${baseUrl()}/chatflows/${chatflow.id}/runs`, { headers: { cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html.match(/data-testid="run-row"/g)).toHaveLength(1);
    expect(html).toContain("mock-runs-page");
    expect(html).toMatch(/data-testid="runs-total"[^>]*>1<!-- --> run/);

    const errorsOnly = await fetch(`${baseUrl()}/chatflows/${chatflow.id}/runs?status=error`, {
      headers: { cookie },
    });
    expect(await errorsOnly.text()).toContain('data-testid="runs-empty"');

    const stranger = await createMember();
    const foreign = await createChatflow(stranger);
    const hidden = await fetch(`${baseUrl()}/chatflows/${foreign.id}/runs`, { headers: { cookie } });
    expect(hidden.status).toBe(404);
  });
});
