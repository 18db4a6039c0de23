import { createHash } from "node:crypto";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { api, createMember, errorBody } from "../support/api";

const isoDate = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

describe("API keys", () => {
  it("creates a key shown once, lists it without the secret, renames and deletes it", async () => {
    const member = await createMember();
    const created = await api("/api/v1/apikey", { token: member.token, body: { keyName: "Production" } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      keyName: "Production",
      apiKey: expect.stringMatching(/^cfs_[A-Za-z0-9_-]{43}$/),
      createdDate: isoDate,
    });
    const { id, apiKey } = created.body;

    const list = await api("/api/v1/apikey", { token: member.token });
    expect(list.status).toBe(200);
    expect(list.headers.get("x-total-count")).toBe("1");
    expect(list.body).toEqual([
      {
        id,
        keyName: "Production",
        keyPreview: `${apiKey.slice(0, 10)}…`,
        createdDate: isoDate,
        updatedDate: isoDate,
      },
    ]);
    expect(JSON.stringify(list.body)).not.toContain(apiKey);

    const renamed = await api(`/api/v1/apikey/${id}`, {
      method: "PUT",
      token: member.token,
      body: { keyName: "Prod" },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id, keyName: "Prod" });
    expect(JSON.stringify(renamed.body)).not.toContain(apiKey);

    const deleted = await api(`/api/v1/apikey/${id}`, { method: "DELETE", token: member.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: "API key deleted" });
    const after = await api("/api/v1/apikey", { token: member.token });
    expect(after.body).toEqual([]);
    expect(after.headers.get("x-total-count")).toBe("0");
  });

  it.skipIf(!inject("databaseUrl"))("stores only a sha256 hash of the key", async () => {
    const member = await createMember();
    const created = await api("/api/v1/apikey", { token: member.token, body: { keyName: "k" } });
    const client = new pg.Client({ connectionString: inject("databaseUrl") });
    await client.connect();
    try {
      const { rows } = await client.query(`SELECT * FROM "ApiKey" WHERE id = $1`, [created.body.id]);
      expect(rows[0].keyHash).toBe(createHash("sha256").update(created.body.apiKey).digest("hex"));
      expect(JSON.stringify(rows[0])).not.toContain(created.body.apiKey);
    } finally {
      await client.end();
    }
  });

  it("validates keyName", async () => {
    const member = await createMember();
    const response = await api("/api/v1/apikey", { token: member.token, body: { keyName: "  " } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      ...errorBody(400, "Invalid request body: keyName: keyName is required"),
      details: [{ path: "keyName", message: "keyName is required" }],
    });
  });

  it("hides one workspace's keys from another", async () => {
    const owner = await createMember();
    const stranger = await createMember();
    const created = await api("/api/v1/apikey", { token: owner.token, body: { keyName: "mine" } });
    const id = created.body.id;

    expect((await api("/api/v1/apikey", { token: stranger.token })).body).toEqual([]);
    const rename = await api(`/api/v1/apikey/${id}`, {
      method: "PUT",
      token: stranger.token,
      body: { keyName: "x" },
    });
    expect(rename.status).toBe(404);
    expect(rename.body).toEqual(errorBody(404, "API key not found"));
    const remove = await api(`/api/v1/apikey/${id}`, { method: "DELETE", token: stranger.token });
    expect(remove.status).toBe(404);
    expect((await api("/api/v1/apikey", { token: owner.token })).body).toHaveLength(1);
  });

  it("answers 404 for a malformed id", async () => {
    const member = await createMember();
    const response = await api("/api/v1/apikey/not-a-uuid", { method: "DELETE", token: member.token });
    expect(response.status).toBe(404);
  });
});
