import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { pngBytes } from "@/lib/documents/testing/fixtures";
import { baseUrl, createMember, errorBody, type Member } from "../support/api";
import { createChatflow, parseSse, predict } from "./prediction-helpers";
import { chatModelNode, readCollection, storeFlow, upsert } from "./upsert-helpers";

// RAG file upload: files sent with a prediction go through the flow's loaders into its vector
// store, tagged with the chat, and that chat's retrieval finds them (other chats do not).

const ownFact = "The harbour ferry leaves the pier every hour on the hour.";
const uploadedFact = "Zorblax the purple giraffe sleeps in the Oslo observatory.";
const question = "Where does Zorblax the purple giraffe sleep?";

const retrievalChain = {
  id: "retrievalQAChain_0",
  name: "retrievalQAChain",
  inputs: { model: "{{chatOpenAI_0.data.instance}}", vectorStoreRetriever: "{{chroma_0.data.instance}}" },
};

let member: Member;
let chatflowId: string;
beforeAll(async () => {
  member = await createMember();
  const chatflow = await createChatflow(member, {
    flowData: storeFlow({
      loaders: [{ id: "textFile_0", name: "textFile", inputs: {} }],
      consumers: [chatModelNode, retrievalChain],
    }),
  });
  chatflowId = chatflow.id;
  const stored = await upsert(chatflowId, { text: ownFact }, { token: member.token });
  expect(stored.body).toMatchObject({ status: "success", numAdded: 1 });
});

/** A multipart prediction with `files` parts. */
async function predictWithFiles(
  id: string,
  fields: Record<string, string>,
  files: Array<{ name: string; bytes: Uint8Array | string; type?: string }>,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files)
    form.append("files", new Blob([file.bytes as BlobPart], { type: file.type ?? "" }), file.name);
  const response = await fetch(`${baseUrl()}/api/v1/prediction/${id}`, { method: "POST", body: form });
  const text = await response.text();
  const isJson = response.headers.get("content-type")?.includes("application/json");
  return { status: response.status, body: isJson ? JSON.parse(text) : text };
}

const uploadedChunk = (chatId: string, source = "zorblax.txt") => ({
  pageContent: uploadedFact,
  metadata: {
    source,
    fileType: "txt",
    chatId,
    chatUpload: true,
    chunk: 0,
    lineFrom: 1,
    lineTo: 1,
  },
});

const contents = (documents: Array<{ pageContent: string }>) =>
  documents.map((document) => document.pageContent);

describe("POST /api/v1/prediction/{id} with files (RAG file upload)", () => {
  it("stores a multipart file for the chat, answers from it, and only that chat retrieves it", async () => {
    const chatId = randomUUID();
    const response = await predictWithFiles(chatflowId, { question, chatId }, [
      { name: "zorblax.txt", bytes: uploadedFact, type: "text/plain" },
    ]);
    expect(response.status).toBe(200);
    expect(response.body.chatId).toBe(chatId);
    expect(response.body.sourceDocuments[0]).toEqual(uploadedChunk(chatId));
    expect(contents(response.body.sourceDocuments)).toContain(ownFact);

    const collection = await readCollection(`cfs_${chatflowId}`);
    const index = collection.documents.indexOf(uploadedFact);
    expect(collection.metadatas[index]).toEqual(uploadedChunk(chatId).metadata);

    // A second question in the same chat, without the file, still finds it.
    const again = await predict(chatflowId, { question, chatId });
    expect(again.body.sourceDocuments[0]).toEqual(uploadedChunk(chatId));

    // Another chat sees the flow's own documents, not this chat's upload.
    const other = await predict(chatflowId, { question, chatId: randomUUID() });
    expect(other.status).toBe(200);
    expect(contents(other.body.sourceDocuments)).toEqual([ownFact]);
  });

  it("stores the same file sent twice in one chat once", async () => {
    const chatId = randomUUID();
    const file = { name: "twice.txt", bytes: uploadedFact, type: "text/plain" };
    await predictWithFiles(chatflowId, { question, chatId }, [file]);
    const before = (await readCollection(`cfs_${chatflowId}`)).ids.length;
    const response = await predictWithFiles(chatflowId, { question, chatId }, [file]);
    expect(response.status).toBe(200);
    expect((await readCollection(`cfs_${chatflowId}`)).ids.length).toBe(before);
    expect(
      response.body.sourceDocuments.filter(
        (document: { metadata: { chatId?: string } }) => document.metadata.chatId === chatId,
      ),
    ).toEqual([uploadedChunk(chatId, "twice.txt")]);
  });

  it("reads JSON uploads (data: URLs) the same way, streamed too", async () => {
    const chatId = randomUUID();
    const data = `data:text/plain;base64,${Buffer.from(uploadedFact).toString("base64")}`;
    const response = await predict(chatflowId, {
      question,
      chatId,
      streaming: true,
      uploads: [{ data, type: "file", name: "zorblax.txt", mime: "text/plain" }],
    });
    expect(response.status).toBe(200);
    const metadata = parseSse(response.body).find((event) => event.event === "metadata");
    expect(metadata?.data.sourceDocuments[0]).toEqual(uploadedChunk(chatId));
  });

  it("refuses a file no loader of the flow reads (400) and an unsupported one (415), storing nothing", async () => {
    const before = (await readCollection(`cfs_${chatflowId}`)).ids.length;
    const unread = await predictWithFiles(chatflowId, { question, streaming: "true" }, [
      { name: "table.csv", bytes: "a,b\n1,2\n", type: "text/csv" },
    ]);
    expect(unread.status).toBe(400);
    expect(unread.body).toEqual(
      errorBody(
        400,
        'No document loader feeding a vector store in this chatflow reads csv files ("table.csv")',
      ),
    );

    const image = await predict(chatflowId, {
      question,
      uploads: [
        {
          data: `data:image/png;base64,${Buffer.from(pngBytes).toString("base64")}`,
          type: "file",
          name: "photo.png",
          mime: "image/png",
        },
      ],
    });
    expect(image.status).toBe(415);
    expect(image.body.message).toMatch(/^Unsupported file "photo.png"/);
    expect((await readCollection(`cfs_${chatflowId}`)).ids.length).toBe(before);
  });

  it("refuses files for a flow without a vector store (400)", async () => {
    const chatflow = await createChatflow(member);
    const response = await predictWithFiles(chatflow.id, { question }, [
      { name: "zorblax.txt", bytes: uploadedFact, type: "text/plain" },
    ]);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(
      errorBody(
        400,
        'No document loader feeding a vector store in this chatflow reads txt files ("zorblax.txt")',
      ),
    );
  });
});
