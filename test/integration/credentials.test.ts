import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { api, createMember, errorBody } from "../support/api";

const isoDate = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
const secret = "sk-test-very-secret-value";

async function createCredential(token: string) {
  return api("/api/v1/credentials", {
    token,
    body: { name: "My OpenAI", credentialName: "openAIApi", plainDataObj: { openAIApiKey: secret } },
  });
}

describe("credentials", () => {
  it("creates, reads, lists, updates and deletes without ever returning the secret", async () => {
    const member = await createMember();
    const created = await createCredential(member.token);
    expect(created.status).toBe(201);
    const expected = {
      id: expect.any(String),
      name: "My OpenAI",
      credentialName: "openAIApi",
      createdDate: isoDate,
      updatedDate: isoDate,
    };
    expect(created.body).toEqual(expected);
    const id = created.body.id;

    const read = await api(`/api/v1/credentials/${id}`, { token: member.token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ ...expected, id });

    const list = await api("/api/v1/credentials", { token: member.token });
    expect(list.body).toEqual([{ ...expected, id }]);
    expect(list.headers.get("x-total-count")).toBe("1");

    const updated = await api(`/api/v1/credentials/${id}`, {
      method: "PUT",
      token: member.token,
      body: { name: "Renamed", plainDataObj: { openAIApiKey: "sk-rotated" } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ ...expected, id, name: "Renamed" });

    for (const response of [created, read, list, updated]) {
      expect(JSON.stringify(response.body)).not.toContain(secret);
      expect(JSON.stringify(response.body)).not.toContain("sk-rotated");
      expect(JSON.stringify(response.body)).not.toContain("encryptedData");
    }

    const deleted = await api(`/api/v1/credentials/${id}`, { method: "DELETE", token: member.token });
    expect(deleted.body).toEqual({ message: "Credential deleted" });
    expect((await api(`/api/v1/credentials/${id}`, { token: member.token })).status).toBe(404);
  });

  it.skipIf(!inject("databaseUrl"))("keeps only AES-GCM ciphertext in the database", async () => {
    const member = await createMember();
    const created = await createCredential(member.token);
    const client = new pg.Client({ connectionString: inject("databaseUrl") });
    await client.connect();
    try {
      const { rows } = await client.query(`SELECT * FROM "Credential" WHERE id = $1`, [created.body.id]);
      expect(rows[0].encryptedData).toMatch(/^v1:[A-Za-z0-9+/=]+$/);
      expect(JSON.stringify(rows[0])).not.toContain(secret);
    } finally {
      await client.end();
    }
  });

  it("validates the body", async () => {
    const member = await createMember();
    const response = await api("/api/v1/credentials", {
      token: member.token,
      body: { name: "", credentialName: "9bad name", plainDataObj: "nope" },
    });
    expect(response.status).toBe(400);
    expect(response.body.details.map((d: { path: string }) => d.path)).toEqual([
      "name",
      "credentialName",
      "plainDataObj",
    ]);
  });

  it("hides one workspace's credentials from another", async () => {
    const owner = await createMember();
    const stranger = await createMember();
    const { id } = (await createCredential(owner.token)).body;
    const read = await api(`/api/v1/credentials/${id}`, { token: stranger.token });
    expect(read.status).toBe(404);
    expect(read.body).toEqual(errorBody(404, "Credential not found"));
    expect((await api("/api/v1/credentials", { token: stranger.token })).body).toEqual([]);
    const update = await api(`/api/v1/credentials/${id}`, {
      method: "PUT",
      token: stranger.token,
      body: { name: "x" },
    });
    expect(update.status).toBe(404);
    expect((await api(`/api/v1/credentials/${id}`, { method: "DELETE", token: stranger.token })).status).toBe(
      404,
    );
    expect((await api(`/api/v1/credentials/${id}`, { token: owner.token })).body.name).toBe("My OpenAI");
  });

  it("answers 401 without credentials", async () => {
    expect((await api("/api/v1/credentials")).status).toBe(401);
  });
});
