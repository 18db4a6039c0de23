import { describe, expect, it } from "vitest";
import { api, createMember, errorBody } from "../support/api";

describe("API plumbing", () => {
  it("answers ping with a request id", async () => {
    const response = await api("/api/v1/ping");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "ok" });
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps a sane caller-supplied request id and returns it in error bodies", async () => {
    const response = await api("/api/v1/apikey", { headers: { "x-request-id": "trace-1234567" } });
    expect(response.headers.get("x-request-id")).toBe("trace-1234567");
    expect(response.body.requestId).toBe("trace-1234567");
  });

  it("answers malformed JSON with 400 and the JSON error body", async () => {
    const member = await createMember();
    const response = await api("/api/v1/apikey", {
      method: "POST",
      token: member.token,
      rawBody: '{"keyName": ',
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.body).toEqual(errorBody(400, "Malformed JSON body"));
  });

  it("answers an oversized body with 413 and stores nothing", async () => {
    const member = await createMember();
    const huge = JSON.stringify({ keyName: "x".repeat(6 * 1024 * 1024) });
    const response = await api("/api/v1/apikey", {
      method: "POST",
      token: member.token,
      rawBody: huge,
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual(errorBody(413, "Request body is larger than 5 MB"));
    expect((await api("/api/v1/apikey", { token: member.token })).body).toEqual([]);
  });

  it("rejects out-of-range pagination", async () => {
    const member = await createMember();
    const tooMany = await api("/api/v1/apikey?limit=501", { token: member.token });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual(errorBody(400, "limit must be between 1 and 500"));
    expect((await api("/api/v1/apikey?page=0", { token: member.token })).status).toBe(400);
    expect((await api("/api/v1/apikey?page=abc", { token: member.token })).status).toBe(400);
  });

  it("paginates lists by updatedDate, newest first", async () => {
    const member = await createMember();
    for (const keyName of ["a", "b", "c"]) {
      await api("/api/v1/apikey", { token: member.token, body: { keyName } });
    }
    const first = await api("/api/v1/apikey?page=1&limit=2", { token: member.token });
    const second = await api("/api/v1/apikey?page=2&limit=2", { token: member.token });
    expect(first.headers.get("x-total-count")).toBe("3");
    expect(first.body.map((k: { keyName: string }) => k.keyName)).toEqual(["c", "b"]);
    expect(second.body.map((k: { keyName: string }) => k.keyName)).toEqual(["a"]);
  });
});
