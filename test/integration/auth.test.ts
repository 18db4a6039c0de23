import { randomUUID } from "node:crypto";
import { SignJWT } from "jose";
import { describe, expect, inject, it } from "vitest";
import { api, createMember, errorBody } from "../support/api";

describe("sign-up and tokens", () => {
  it("signs up a user with a workspace and issues a JWT for them", async () => {
    const email = `New.User-${randomUUID()}@Example.test`;
    const signup = await api("/api/v1/auth/signup", {
      body: { email, password: "password123", name: "Ada" },
    });
    expect(signup.status).toBe(201);
    expect(signup.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: email.toLowerCase(),
      name: "Ada",
      workspaceId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });

    const login = await api("/api/v1/auth/token", { body: { email, password: "password123" } });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({
      token: expect.any(String),
      tokenType: "Bearer",
      expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      workspaceId: signup.body.workspaceId,
    });
    const hoursLeft = (Date.parse(login.body.expiresAt) - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(11.9);
    expect(hoursLeft).toBeLessThanOrEqual(12);

    const list = await api("/api/v1/apikey", { token: login.body.token });
    expect(list.status).toBe(200);
  });

  it("refuses an email that is already registered with 409", async () => {
    const member = await createMember();
    const again = await api("/api/v1/auth/signup", {
      body: { email: member.email, password: "password123" },
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual(errorBody(409, "An account with this email already exists"));
  });

  it("validates sign-up input with details", async () => {
    const response = await api("/api/v1/auth/signup", { body: { email: "not-an-email", password: "short" } });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([
      { path: "email", message: "email must be a valid email address" },
      { path: "password", message: "password must be at least 8 characters" },
    ]);
  });

  it("answers a wrong password and an unknown email with the same 401", async () => {
    const member = await createMember();
    const wrongPassword = await api("/api/v1/auth/token", {
      body: { email: member.email, password: "nope-nope" },
    });
    const unknownEmail = await api("/api/v1/auth/token", {
      body: { email: `ghost-${randomUUID()}@example.test`, password: "nope-nope" },
    });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body).toEqual(errorBody(401, "Invalid email or password"));
    expect(unknownEmail.status).toBe(401);
    expect(unknownEmail.body).toEqual(errorBody(401, "Invalid email or password"));
  });

  it("refuses a token for a workspace the user is not a member of", async () => {
    const member = await createMember();
    const other = await createMember();
    const response = await api("/api/v1/auth/token", {
      body: { email: member.email, password: member.password, workspaceId: other.workspaceId },
    });
    expect(response.status).toBe(401);
  });
});

describe("JWT authentication", () => {
  it("answers 401 without credentials", async () => {
    const response = await api("/api/v1/apikey");
    expect(response.status).toBe(401);
    expect(response.body).toEqual(errorBody(401, "Authentication required"));
  });

  it("answers 401 for a garbled token", async () => {
    const response = await api("/api/v1/apikey", { token: "garbage.token.here" });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(errorBody(401, "Invalid or expired token"));
  });

  it("answers 401 for a token signed with another secret", async () => {
    const forged = await new SignJWT({ wid: randomUUID(), role: "owner" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(randomUUID())
      .setIssuer("chatflow-studio")
      .setAudience("chatflow-studio-api")
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("not-the-server-secret"));
    expect((await api("/api/v1/apikey", { token: forged })).status).toBe(401);
  });

  it("accepts a token signed with the server secret, and refuses it once expired", async () => {
    const member = await createMember();
    const sign = (expiresAt: number) =>
      new SignJWT({ wid: member.workspaceId, role: "owner" })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(member.userId)
        .setIssuer("chatflow-studio")
        .setAudience("chatflow-studio-api")
        .setExpirationTime(expiresAt)
        .sign(new TextEncoder().encode(inject("authSecret")));
    const now = Math.floor(Date.now() / 1000);
    expect((await api("/api/v1/apikey", { token: await sign(now + 600) })).status).toBe(200);
    const expired = await api("/api/v1/apikey", { token: await sign(now - 60) });
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual(errorBody(401, "Invalid or expired token"));
  });

  it("refuses a tampered token", async () => {
    const member = await createMember();
    const [header, payload, signature] = member.token.split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    claims.wid = (await createMember()).workspaceId;
    const tampered = [header, Buffer.from(JSON.stringify(claims)).toString("base64url"), signature].join(".");
    expect((await api("/api/v1/apikey", { token: tampered })).status).toBe(401);
  });

  it("answers 401 for a non-Bearer Authorization header", async () => {
    const member = await createMember();
    const response = await api("/api/v1/apikey", { headers: { authorization: `Basic ${member.token}` } });
    expect(response.status).toBe(401);
  });
});
