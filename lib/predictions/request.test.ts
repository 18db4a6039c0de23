import { describe, expect, it } from "vitest";
import { readPredictionRequest } from "./request";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const json = (body: unknown) =>
  new Request("http://app.test/api/v1/prediction/x", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const multipart = (form: FormData) =>
  new Request("http://app.test/api/v1/prediction/x", { method: "POST", body: form });

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const { statusCode, message, details } = error as {
      statusCode: number;
      message: string;
      details?: unknown;
    };
    return { statusCode, message, ...(details ? { details } : {}) };
  }
  throw new Error("expected a failure");
}

describe("readPredictionRequest (JSON)", () => {
  it("reads every field", async () => {
    const parsed = await readPredictionRequest(
      json({
        question: "Hi",
        chatId: "chat-1",
        streaming: true,
        history: [
          { role: "user", content: "a" },
          { role: "apiMessage", content: "b" },
          { type: "userMessage", message: "c" },
        ],
        overrideConfig: { temperature: 0 },
        uploads: [
          { data: "data:text/plain;base64,aGVsbG8=", type: "file", name: "a.txt", mime: "text/plain" },
        ],
        socketIOClientId: "ignored",
      }),
    );
    expect(parsed).toEqual({
      question: "Hi",
      chatId: "chat-1",
      isNewChat: false,
      streaming: true,
      history: [
        { role: "user", content: "a" },
        { role: "assistant", content: "b" },
        { role: "user", content: "c" },
      ],
      overrideConfig: { temperature: 0 },
      uploads: [{ data: "data:text/plain;base64,aGVsbG8=", type: "file", name: "a.txt", mime: "text/plain" }],
      files: [],
    });
  });

  it("starts a new session when chatId is absent or empty", async () => {
    const absent = await readPredictionRequest(json({ question: "Hi" }));
    const empty = await readPredictionRequest(json({ question: "Hi", chatId: "" }));
    for (const parsed of [absent, empty]) {
      expect(parsed.chatId).toMatch(uuid);
      expect(parsed.isNewChat).toBe(true);
      expect(parsed.streaming).toBe(false);
      expect(parsed.history).toBeUndefined();
      expect(parsed.overrideConfig).toEqual({});
      expect(parsed.files).toEqual([]);
      expect(parsed.uploads).toEqual([]);
    }
    expect(absent.chatId).not.toBe(empty.chatId);
  });

  it("answers 400 question is required for a missing, empty or non-text question", async () => {
    const expected = {
      statusCode: 400,
      message: "question is required",
      details: [{ path: "question", message: "question is required" }],
    };
    for (const body of [{}, { question: "" }, { question: "   " }, { question: 42 }, ""]) {
      expect(await failure(readPredictionRequest(json(body)))).toEqual(expected);
    }
  });

  it("answers 400 for malformed JSON and for invalid fields", async () => {
    expect(await failure(readPredictionRequest(json("{")))).toEqual({
      statusCode: 400,
      message: "Malformed JSON body",
    });
    expect(await failure(readPredictionRequest(json("[1]")))).toEqual({
      statusCode: 400,
      message: "The request body must be a JSON object",
    });
    expect(await failure(readPredictionRequest(json({ question: "q", streaming: "yes" })))).toMatchObject({
      statusCode: 400,
      details: [expect.objectContaining({ path: "streaming" })],
    });
    expect(
      await failure(
        readPredictionRequest(json({ question: "q", history: [{ role: "system", content: "x" }] })),
      ),
    ).toMatchObject({
      statusCode: 400,
    });
    expect(await failure(readPredictionRequest(json({ question: "q", overrideConfig: "x" })))).toMatchObject({
      statusCode: 400,
      details: [expect.objectContaining({ path: "overrideConfig" })],
    });
    expect(
      await failure(
        readPredictionRequest(json({ question: "q", uploads: [{ data: "data:text/plain;base64,@@@" }] })),
      ),
    ).toEqual({
      statusCode: 400,
      message: "uploads.0.data is not a valid data: URL",
      details: [{ path: "uploads.0.data", message: "is not a valid data: URL" }],
    });
  });

  it("accepts non-base64 data URLs and takes the mime from the URL", async () => {
    const parsed = await readPredictionRequest(
      json({ question: "q", uploads: [{ data: "data:text/csv,a%2Cb", name: "x.csv" }] }),
    );
    expect(parsed.uploads).toEqual([
      { data: "data:text/csv,a%2Cb", type: "file", name: "x.csv", mime: "text/csv" },
    ]);
  });

  it("answers 413 when uploads exceed MAX_UPLOAD_MB", async () => {
    const big = Buffer.alloc(50 * 1024 * 1024 + 1).toString("base64");
    const response = await failure(
      readPredictionRequest(
        json({ question: "q", uploads: [{ data: `data:application/octet-stream;base64,${big}` }] }),
      ),
    );
    expect(response).toEqual({ statusCode: 413, message: "Uploads are larger than 50 MB" });
  });
});

describe("readPredictionRequest (multipart)", () => {
  it("reads text parts, JSON parts and files", async () => {
    const form = new FormData();
    form.set("question", "What is in the file?");
    form.set("chatId", "c-9");
    form.set("streaming", "true");
    form.set("overrideConfig", JSON.stringify({ temperature: 0.5 }));
    form.append("files", new File(["one"], "one.txt", { type: "text/plain" }));
    form.append("files", new File([new Uint8Array([1, 2])], "two.bin"));
    const parsed = await readPredictionRequest(multipart(form));
    expect(parsed).toEqual({
      question: "What is in the file?",
      chatId: "c-9",
      isNewChat: false,
      streaming: true,
      history: undefined,
      overrideConfig: { temperature: 0.5 },
      uploads: [],
      files: [
        { name: "one.txt", mime: "text/plain", bytes: new TextEncoder().encode("one") },
        { name: "two.bin", mime: "application/octet-stream", bytes: new Uint8Array([1, 2]) },
      ],
    });
  });

  it("answers 400 for a missing question or a part that is not JSON", async () => {
    const noQuestion = new FormData();
    noQuestion.append("files", new File(["x"], "x.txt"));
    expect(await failure(readPredictionRequest(multipart(noQuestion)))).toMatchObject({
      statusCode: 400,
      message: "question is required",
    });
    const badJson = new FormData();
    badJson.set("question", "q");
    badJson.set("overrideConfig", "{temperature");
    expect(await failure(readPredictionRequest(multipart(badJson)))).toEqual({
      statusCode: 400,
      message: "overrideConfig must be JSON",
      details: [{ path: "overrideConfig", message: "must be JSON" }],
    });
  });

  it("answers 413 while reading a body larger than the limit, declared or not", async () => {
    const form = new FormData();
    form.set("question", "q");
    form.append("files", new File([new Uint8Array(56 * 1024 * 1024)], "big.bin"));
    expect(await failure(readPredictionRequest(multipart(form)))).toMatchObject({ statusCode: 413 });

    const encoded = await new Response(form).arrayBuffer();
    const contentType = new Response(form).headers.get("content-type")!;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(encoded));
        controller.close();
      },
    });
    const undeclared = new Request("http://app.test/x", {
      method: "POST",
      headers: { "content-type": contentType },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(await failure(readPredictionRequest(undeclared))).toMatchObject({ statusCode: 413 });
  });

  it("answers 400 for a malformed multipart body", async () => {
    const request = new Request("http://app.test/x", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
      body: "garbage",
    });
    expect(await failure(readPredictionRequest(request))).toEqual({
      statusCode: 400,
      message: "Malformed multipart body",
    });
  });
});
