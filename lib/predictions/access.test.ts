import type { NextRequest } from "next/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { authorizePrediction, type AccessTarget } from "./access";

const keys = vi.hoisted(() => new Map<string, { id: string; workspaceId: string }>());
const members = vi.hoisted(() => new Map<string, { userId: string; workspaceId: string }>());

vi.mock("@/lib/apikeys/service", () => ({
  findApiKey: vi.fn(async (token: string) => keys.get(token) ?? null),
}));
vi.mock("@/lib/auth/require-member", async () => {
  const bearerToken = (request: Request) =>
    request.headers.get("authorization")?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  return {
    bearerToken,
    findMember: vi.fn(async (request: Request) => {
      const token = bearerToken(request);
      const found = token ? members.get(token) : members.get(request.headers.get("cookie") ?? "");
      return found ? { ...found, role: "member", via: token ? "jwt" : "session" } : null;
    }),
  };
});

const WS = "11111111-1111-4111-8111-111111111111";
const OTHER_WS = "22222222-2222-4222-8222-222222222222";
const KEY_ID = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
const OTHER_KEY_ID = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";

const call = (headers: Record<string, string> = {}) =>
  new Request("http://app.test/api/v1/prediction/x", { method: "POST", headers }) as unknown as NextRequest;
const bearer = (token: string) => call({ authorization: `Bearer ${token}` });

async function statusOf(promise: Promise<unknown>) {
  try {
    await promise;
    return "ok";
  } catch (error) {
    return `${(error as { statusCode: number }).statusCode} ${(error as Error).message}`;
  }
}

beforeEach(() => {
  keys.clear();
  members.clear();
  keys.set("cfs_bound", { id: KEY_ID, workspaceId: WS });
  keys.set("cfs_same_ws", { id: OTHER_KEY_ID, workspaceId: WS });
  keys.set("cfs_foreign", { id: "cccccccc-cccc-4ccc-8ccc-cccccccccccc", workspaceId: OTHER_WS });
  members.set("jwt-member", { userId: "user-1", workspaceId: WS });
  members.set("jwt-stranger", { userId: "user-2", workspaceId: OTHER_WS });
  members.set("session=member", { userId: "user-3", workspaceId: WS });
});

describe("authorizePrediction: chatflow bound to an API key", () => {
  const flow: AccessTarget = { workspaceId: WS, apikeyid: KEY_ID, isPublic: true };

  it("accepts exactly that key and names it as the caller", async () => {
    expect(await authorizePrediction(bearer("cfs_bound"), flow)).toEqual({
      kind: "apiKey",
      apiKeyId: KEY_ID,
    });
  });

  it("refuses no key, another key of the workspace, a foreign key, a member JWT, garbage", async () => {
    expect(await statusOf(authorizePrediction(call(), flow))).toBe("401 API key required");
    expect(await statusOf(authorizePrediction(bearer("cfs_same_ws"), flow))).toBe("401 Invalid API key");
    expect(await statusOf(authorizePrediction(bearer("cfs_foreign"), flow))).toBe("401 Invalid API key");
    expect(await statusOf(authorizePrediction(bearer("jwt-member"), flow))).toBe("401 Invalid API key");
    expect(await statusOf(authorizePrediction(bearer("cfs_unknown"), flow))).toBe("401 Invalid API key");
  });
});

describe("authorizePrediction: public chatflow without key", () => {
  const flow: AccessTarget = { workspaceId: WS, apikeyid: null, isPublic: true };

  it("is open to anyone", async () => {
    expect(await authorizePrediction(call(), flow)).toEqual({ kind: "anonymous" });
    expect(await authorizePrediction(bearer("garbage"), flow)).toEqual({ kind: "anonymous" });
    expect(await authorizePrediction(bearer("cfs_foreign"), flow)).toEqual({ kind: "anonymous" });
  });

  it("names a caller presenting a key of the workspace", async () => {
    expect(await authorizePrediction(bearer("cfs_same_ws"), flow)).toEqual({
      kind: "apiKey",
      apiKeyId: OTHER_KEY_ID,
    });
  });
});

describe("authorizePrediction: private chatflow without key", () => {
  const flow: AccessTarget = { workspaceId: WS, apikeyid: null, isPublic: false };

  it("accepts any key of the workspace", async () => {
    expect(await authorizePrediction(bearer("cfs_bound"), flow)).toEqual({
      kind: "apiKey",
      apiKeyId: KEY_ID,
    });
    expect(await authorizePrediction(bearer("cfs_same_ws"), flow)).toEqual({
      kind: "apiKey",
      apiKeyId: OTHER_KEY_ID,
    });
  });

  it("accepts a member's JWT or session", async () => {
    expect(await authorizePrediction(bearer("jwt-member"), flow)).toEqual({ kind: "user", userId: "user-1" });
    expect(await authorizePrediction(call({ cookie: "session=member" }), flow)).toEqual({
      kind: "user",
      userId: "user-3",
    });
  });

  it("refuses nothing, a foreign key, another workspace's member, a bad token", async () => {
    expect(await statusOf(authorizePrediction(call(), flow))).toBe("401 API key or member token required");
    expect(await statusOf(authorizePrediction(bearer("cfs_foreign"), flow))).toBe(
      "401 Invalid API key or token",
    );
    expect(await statusOf(authorizePrediction(bearer("cfs_unknown"), flow))).toBe(
      "401 Invalid API key or token",
    );
    expect(await statusOf(authorizePrediction(bearer("jwt-stranger"), flow))).toBe(
      "401 Invalid API key or token",
    );
    expect(await statusOf(authorizePrediction(bearer("garbage"), flow))).toBe("401 Invalid API key or token");
  });
});
