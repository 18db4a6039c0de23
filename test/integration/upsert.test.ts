import { beforeAll, describe, expect, it } from "vitest";
import { makeDocx, makePdf, makeXlsx, pngBytes } from "@/lib/documents/testing/fixtures";
import { api, createMember, errorBody, type Member } from "../support/api";
import { conversationFlow, createApiKey, createChatflow, flowData } from "./prediction-helpers";
import {
  countUpsertRecords,
  embeddingsNode,
  hasDatabase,
  readCollection,
  storeFlow,
  upsert,
} from "./upsert-helpers";

const fileLoader = { id: "fileLoader_0", name: "fileLoader", inputs: { metadata: { origin: "loader" } } };
const errorWith = (statusCode: number, message: string) => ({
  ...errorBody(statusCode, message),
  status: "error",
});

let member: Member;
beforeAll(async () => {
  member = await createMember();
});

describe("POST /api/v1/vector/upsert/{id}: files of every supported type", () => {
  const text = (body: string) => new TextEncoder().encode(body);
  const fixtures: Array<{
    name: string;
    fileType: string;
    bytes: () => Promise<Uint8Array> | Uint8Array;
    word: string;
  }> = [
    {
      name: "notes.txt",
      fileType: "txt",
      bytes: () => text("Plain notes about the zebra migration."),
      word: "zebra",
    },
    {
      name: "guide.md",
      fileType: "md",
      bytes: () => text("# Guide\n\nThe walrus section explains things."),
      word: "walrus",
    },
    {
      name: "people.csv",
      fileType: "csv",
      bytes: () => text("name,animal\nAda,ocelot\nBob,lynx\n"),
      word: "ocelot",
    },
    {
      name: "data.json",
      fileType: "json",
      bytes: () => text('{"animal": "pangolin", "count": 3}'),
      word: "pangolin",
    },
    {
      name: "page.html",
      fileType: "html",
      bytes: () =>
        text("<html><head><title>Zoo</title></head><body><p>The okapi eats leaves.</p></body></html>"),
      word: "okapi",
    },
    {
      name: "feed.xml",
      fileType: "xml",
      bytes: () => text("<zoo><animal>narwhal</animal></zoo>"),
      word: "narwhal",
    },
    {
      name: "app.js",
      fileType: "js",
      bytes: () => text("function feedTapir() {\n  return 'tapir';\n}\n"),
      word: "tapir",
    },
    {
      name: "app.ts",
      fileType: "ts",
      bytes: () => text("export const quokka: string = 'quokka';\n"),
      word: "quokka",
    },
    {
      name: "tool.py",
      fileType: "py",
      bytes: () => text("def axolotl():\n    return 'axolotl'\n"),
      word: "axolotl",
    },
    {
      name: "Main.java",
      fileType: "java",
      bytes: () => text('class Main { String capybara = "capybara"; }\n'),
      word: "capybara",
    },
    {
      name: "main.cpp",
      fileType: "cpp",
      bytes: () => text('int main() { const char* s = "wombat"; return 0; }\n'),
      word: "wombat",
    },
    {
      name: "report.pdf",
      fileType: "pdf",
      bytes: () => makePdf(["The first page talks about the aardvark.", "Page two: the gecko."]),
      word: "aardvark",
    },
    { name: "report.docx", fileType: "docx", bytes: () => makeDocx(), word: "Quarterly" },
    {
      name: "sheet.xlsx",
      fileType: "xlsx",
      bytes: () =>
        makeXlsx({
          Animals: [
            ["name", "home"],
            ["meerkat", "desert"],
          ],
        }),
      word: "meerkat",
    },
  ];

  it.each(fixtures)(
    "stores $name in chunks with the file's, the loader's and the request's metadata",
    async (fixture) => {
      const chatflow = await createChatflow(member, { flowData: storeFlow({ loaders: [fileLoader] }) });
      const bytes = await fixture.bytes();
      const response = await upsert(
        chatflow.id,
        { files: [{ name: fixture.name, bytes }], metadata: { batch: "b1" } },
        { token: member.token },
      );
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const { numAdded } = response.body;
      expect(numAdded).toBeGreaterThan(0);
      expect(response.body).toEqual({
        status: "success",
        message: `Added ${numAdded} chunk${numAdded === 1 ? "" : "s"}`,
        numAdded,
        numUpdated: 0,
        numSkipped: 0,
        numDeleted: 0,
        addedDocs: expect.any(Array),
      });
      const addedText = response.body.addedDocs
        .map((document: { pageContent: string }) => document.pageContent)
        .join(" ");
      expect(addedText).toContain(fixture.word);

      const stored = await readCollection(`cfs_${chatflow.id}`);
      expect([...stored.ids].sort()).toEqual(
        response.body.addedDocs.map((document: { id: string }) => document.id).sort(),
      );
      for (const metadata of stored.metadatas) {
        expect(metadata).toMatchObject({
          source: fixture.name,
          fileType: fixture.fileType,
          origin: "loader",
          batch: "b1",
        });
      }
      const first = response.body.addedDocs[0];
      expect(stored.documents[stored.ids.indexOf(first.id)]).toBe(first.pageContent);
    },
  );
});

describe("POST /api/v1/vector/upsert/{id}: JSON, deduplication, overrides", () => {
  const longText = Array.from(
    { length: 40 },
    (_, index) => `Sentence number ${index} about retrieval and vectors.`,
  ).join(" ");

  it("stores JSON text through the plainText loader and its splitter, with the request metadata", async () => {
    const chatflow = await createChatflow(member, { flowData: storeFlow() });
    const response = await upsert(
      chatflow.id,
      { text: longText, metadata: { topic: "vectors", nested: { a: 1 } } },
      { token: member.token },
    );
    expect(response.status).toBe(200);
    expect(response.body.numAdded).toBeGreaterThan(5);
    for (const document of response.body.addedDocs) {
      expect(document.pageContent.length).toBeLessThanOrEqual(200);
      expect(document.metadata).toMatchObject({
        topic: "vectors",
        nested: '{"a":1}',
        chunk: expect.any(Number),
      });
    }
    const stored = await readCollection(`cfs_${chatflow.id}`);
    expect(stored.ids).toHaveLength(response.body.numAdded);
    expect(stored.metadatas[0]).toMatchObject({ topic: "vectors" });
  });

  it("skips what is already stored and adds only what is new", async () => {
    const chatflow = await createChatflow(member, { flowData: storeFlow() });
    const first = await upsert(chatflow.id, { text: longText }, { token: member.token });
    const again = await upsert(chatflow.id, { text: longText }, { token: member.token });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      status: "success",
      message: "Added 0 chunks",
      numAdded: 0,
      numSkipped: first.body.numAdded,
      addedDocs: [],
    });
    const more = await upsert(
      chatflow.id,
      { documents: [{ pageContent: "A brand new document.", metadata: { kind: "extra" } }] },
      { token: member.token },
    );
    expect(more.body).toMatchObject({ numAdded: 1, numSkipped: 0, message: "Added 1 chunk" });
    expect((await readCollection(`cfs_${chatflow.id}`)).ids).toHaveLength(first.body.numAdded + 1);
    if (hasDatabase()) expect(await countUpsertRecords(chatflow.id)).toBe(first.body.numAdded + 1);
  });

  it("changes the number of chunks with overrideConfig chunkSize and chunkOverlap", async () => {
    const small = await createChatflow(member, { flowData: storeFlow() });
    const large = await createChatflow(member, { flowData: storeFlow() });
    const smallChunks = await upsert(
      small.id,
      { text: longText, overrideConfig: { chunkSize: 100, chunkOverlap: 0 } },
      { token: member.token },
    );
    const largeChunks = await upsert(
      large.id,
      { text: longText, overrideConfig: { chunkSize: 1000, chunkOverlap: 0 } },
      { token: member.token },
    );
    expect(smallChunks.status).toBe(200);
    expect(largeChunks.status).toBe(200);
    expect(smallChunks.body.numAdded).toBeGreaterThan(largeChunks.body.numAdded * 4);
    expect(largeChunks.body.numAdded).toBe(Math.ceil(longText.length / 1000));
  });

  it("ignores overrides when the chatflow disables them, and says so", async () => {
    const chatflow = await createChatflow(member, {
      flowData: storeFlow(),
      apiConfig: { overrideConfig: { status: false } },
    });
    const response = await upsert(
      chatflow.id,
      { text: longText, overrideConfig: { chunkSize: 1000, chunkOverlap: 0 } },
      { token: member.token },
    );
    expect(response.headers.get("x-override-config")).toBe("ignored");
    expect(response.body.numAdded).toBeGreaterThan(5);
  });

  it("takes text straight into a store without loaders, and refuses files there", async () => {
    const chatflow = await createChatflow(member, {
      flowData: storeFlow({ loaders: [], withSplitter: false }),
    });
    const text = await upsert(chatflow.id, { text: "Kept whole: " + longText }, { token: member.token });
    expect(text.body).toMatchObject({ status: "success", numAdded: 1 });
    const file = await upsert(
      chatflow.id,
      { files: [{ name: "a.txt", bytes: "hello" }] },
      { token: member.token },
    );
    expect(file.status).toBe(400);
    expect(file.body).toEqual(
      errorWith(400, 'This chatflow has no document loader to read files with ("a.txt")'),
    );
  });

  it("upserts the loaders' own content when the request brings none", async () => {
    const chatflow = await createChatflow(member, {
      flowData: storeFlow({
        loaders: [{ id: "plainText_0", name: "plainText", inputs: { text: "Stored in the node itself." } }],
      }),
    });
    const response = await upsert(chatflow.id, {}, { token: member.token });
    expect(response.body).toMatchObject({
      numAdded: 1,
      addedDocs: [{ pageContent: "Stored in the node itself." }],
    });
  });

  it("picks one of several stores with stopNodeId", async () => {
    const flow = JSON.parse(storeFlow());
    const second = structuredClone(flow.nodes.find((node: { id: string }) => node.id === "chroma_0"));
    second.id = "chroma_1";
    second.data.id = "chroma_1";
    second.data.inputs.collectionName = "second-store";
    flow.nodes.push(second);
    const chatflow = await createChatflow(member, { flowData: JSON.stringify(flow) });

    const ambiguous = await upsert(chatflow.id, { text: "one" }, { token: member.token });
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.message).toBe(
      "This chatflow has several vector store nodes (chroma_0, chroma_1): choose one with stopNodeId",
    );
    const chosen = await upsert(
      chatflow.id,
      { text: "one", stopNodeId: "chroma_1" },
      { token: member.token },
    );
    expect(chosen.body).toMatchObject({ status: "success", numAdded: 1 });
    const scoped = `cfs_${member.workspaceId.replace(/-/g, "")}_second-store`;
    expect((await readCollection(scoped)).documents).toEqual(["one"]);
    expect((await readCollection(`cfs_${chatflow.id}`)).ids).toEqual([]);
    const wrong = await upsert(
      chatflow.id,
      { text: "one", stopNodeId: "plainText_0" },
      { token: member.token },
    );
    expect(wrong.body.message).toBe(
      'stopNodeId "plainText_0" is not a vector store node of this chatflow (chroma_0, chroma_1)',
    );
  });
});

describe("POST /api/v1/vector/upsert/{id}: refusals", () => {
  it("answers 400 for a chatflow without a vector store", async () => {
    const chatflow = await createChatflow(member, { flowData: conversationFlow() });
    const response = await upsert(chatflow.id, { text: "x" }, { token: member.token });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(errorWith(400, "This chatflow has no vector store node to upsert into"));
  });

  it("answers 400 when no loader of the flow reads the file's type", async () => {
    const chatflow = await createChatflow(member, {
      flowData: storeFlow({ loaders: [{ id: "pdfFile_0", name: "pdfFile", inputs: {} }] }),
    });
    const response = await upsert(
      chatflow.id,
      { files: [{ name: "notes.txt", bytes: "hello" }] },
      { token: member.token },
    );
    expect(response.status).toBe(400);
    expect(response.body).toEqual(
      errorWith(400, 'No document loader of this chatflow reads txt files ("notes.txt")'),
    );
  });

  it("answers 400 when there is nothing to upsert", async () => {
    const chatflow = await createChatflow(member, { flowData: storeFlow() });
    const response = await upsert(chatflow.id, { text: "   " }, { token: member.token });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(
      errorWith(
        400,
        "Nothing to upsert: send text, documents or files, or give the chatflow's loaders content of their own",
      ),
    );
  });

  it("answers 400 for a malformed body", async () => {
    const chatflow = await createChatflow(member, { flowData: storeFlow() });
    const response = await upsert(
      chatflow.id,
      { documents: [{ text: "no pageContent" }] },
      { token: member.token },
    );
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      statusCode: 400,
      success: false,
      status: "error",
      details: [{ path: "documents.0.pageContent" }],
    });
  });

  it("answers 415 for an unsupported file type, naming the file", async () => {
    const chatflow = await createChatflow(member, { flowData: storeFlow({ loaders: [fileLoader] }) });
    const response = await upsert(
      chatflow.id,
      { files: [{ name: "photo.png", bytes: pngBytes }] },
      { token: member.token },
    );
    expect(response.status).toBe(415);
    expect(response.body).toMatchObject({
      statusCode: 415,
      success: false,
      status: "error",
      message: expect.stringContaining("photo.png"),
    });
    const renamed = await upsert(
      chatflow.id,
      { files: [{ name: "photo.pdf", bytes: pngBytes }] },
      { token: member.token },
    );
    expect(renamed.status).toBe(415);
  });

  it("answers 404 for an unknown or malformed chatflow id", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const response = await upsert(id, { text: "x" }, { token: member.token });
      expect(response.status).toBe(404);
      expect(response.body).toEqual(errorWith(404, "Chatflow not found"));
    }
  });

  it("applies the prediction access rule: 401 without the bound key, 200 with it", async () => {
    const key = await createApiKey(member);
    const chatflow = await createChatflow(member, {
      flowData: storeFlow(),
      isPublic: false,
      apikeyid: key.id,
    });
    const anonymous = await upsert(chatflow.id, { text: "x" });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(errorWith(401, "API key required"));
    const wrong = await upsert(chatflow.id, { text: "x" }, { token: "cfs_wrong" });
    expect(wrong.status).toBe(401);
    const withKey = await upsert(chatflow.id, { text: "keyed text" }, { token: key.apiKey });
    expect(withKey.body).toMatchObject({ status: "success", numAdded: 1 });

    const privateFlow = await createChatflow(member, { flowData: storeFlow(), isPublic: false });
    expect((await upsert(privateFlow.id, { text: "x" })).status).toBe(401);
    expect((await upsert(privateFlow.id, { text: "x" }, { token: member.token })).status).toBe(200);
  });

  it("refuses a browser origin that is not allowed, and answers allowed ones with CORS headers", async () => {
    const chatflow = await createChatflow(member, {
      flowData: storeFlow(),
      allowedOrigins: ["https://shop.example.com"],
    });
    const refused = await upsert(
      chatflow.id,
      { text: "x" },
      { headers: { origin: "https://evil.example.com" } },
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(errorWith(403, "This site is not allowed to access this chatbot"));
    const allowed = await upsert(
      chatflow.id,
      { text: "cors text" },
      { headers: { origin: "https://shop.example.com" } },
    );
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://shop.example.com");
  });

  it("answers 429 past the chatflow's rate limit", async () => {
    const chatflow = await createChatflow(member, {
      flowData: storeFlow(),
      apiConfig: { rateLimit: { status: true, limitMax: 2, limitDuration: 60, limitMsg: "Slow down" } },
    });
    expect((await upsert(chatflow.id, { text: "one" })).status).toBe(200);
    expect((await upsert(chatflow.id, { text: "two" })).status).toBe(200);
    const limited = await upsert(chatflow.id, { text: "three" });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual(errorWith(429, "Slow down"));
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("answers 500 with status error and records nothing when the embeddings provider fails", async () => {
    const chatflow = await createChatflow(member, {
      flowData: storeFlow({ embeddingsModel: "mock-embed-error" }),
    });
    const response = await upsert(
      chatflow.id,
      { text: "This will not be embedded." },
      { token: member.token },
    );
    expect(response.status).toBe(500);
    expect(response.body).toEqual({
      statusCode: 500,
      success: false,
      status: "error",
      message: expect.stringContaining("Embeddings provider error (openai mock-embed-error, HTTP 500)"),
      requestId: expect.any(String),
    });
    expect((await readCollection(`cfs_${chatflow.id}`)).ids).toEqual([]);
    if (hasDatabase()) expect(await countUpsertRecords(chatflow.id)).toBe(0);
  });
});

describe("POST /api/v1/vector/internal-upsert/{id}", () => {
  it("upserts for a member of the chatflow's workspace", async () => {
    const chatflow = await createChatflow(member, { flowData: storeFlow(), isPublic: false });
    const response = await upsert(
      chatflow.id,
      { text: "Internal upsert text." },
      { token: member.token, internal: true },
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: "success", numAdded: 1 });
  });

  it("answers 401 without a member token and 404 for another workspace's chatflow", async () => {
    const chatflow = await createChatflow(member, { flowData: storeFlow() });
    const anonymous = await upsert(chatflow.id, { text: "x" }, { internal: true });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(errorWith(401, "Authentication required"));
    const stranger = await createMember("Stranger");
    const foreign = await upsert(chatflow.id, { text: "x" }, { token: stranger.token, internal: true });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(errorWith(404, "Chatflow not found"));
  });
});

describe("deleting a chatflow", () => {
  it("removes its collection, its vectors in shared collections and its records", async () => {
    const own = await createChatflow(member, { flowData: storeFlow() });
    const shared = await createChatflow(member, {
      flowData: storeFlow({ storeInputs: { collectionName: "shared-docs" } }),
    });
    const neighbour = await createChatflow(member, {
      flowData: storeFlow({ storeInputs: { collectionName: "shared-docs" } }),
    });
    await upsert(own.id, { text: "own text" }, { token: member.token });
    await upsert(shared.id, { text: "shared text" }, { token: member.token });
    await upsert(neighbour.id, { text: "neighbour text" }, { token: member.token });
    const sharedName = `cfs_${member.workspaceId.replace(/-/g, "")}_shared-docs`;
    expect((await readCollection(sharedName)).documents.sort()).toEqual(["neighbour text", "shared text"]);

    for (const chatflow of [own, shared]) {
      const deleted = await api(`/api/v1/chatflows/${chatflow.id}`, {
        method: "DELETE",
        token: member.token,
      });
      expect(deleted.status).toBe(200);
    }
    expect((await readCollection(`cfs_${own.id}`)).ids).toEqual([]);
    expect((await readCollection(sharedName)).documents).toEqual(["neighbour text"]);
    if (hasDatabase()) expect(await countUpsertRecords(shared.id)).toBe(0);
  });
});

describe("flows that cannot build", () => {
  it("answers 400 naming the node for an invalid collection name", async () => {
    const chatflow = await createChatflow(member, {
      flowData: storeFlow({ storeInputs: { collectionName: "a..b" } }),
    });
    const response = await upsert(chatflow.id, { text: "x" }, { token: member.token });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^Node chroma_0 \(chroma\) Collection name "a\.\.b" is not valid/);
  });

  it("answers 400 naming the node for a missing embeddings connection", async () => {
    const flow = flowData([
      { id: "plainText_0", name: "plainText", inputs: {} },
      { id: "chroma_0", name: "chroma", inputs: { document: ["{{plainText_0.data.instance}}"] } },
      embeddingsNode(),
    ]);
    const chatflow = await createChatflow(member, { flowData: flow });
    const response = await upsert(chatflow.id, { text: "x" }, { token: member.token });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(
      'Node chroma_0 (chroma) is missing required input "Embeddings" (embeddings)',
    );
  });
});
