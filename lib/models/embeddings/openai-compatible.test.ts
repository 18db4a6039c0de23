import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { embedText, startMockOpenAI, type MockOpenAI } from "@/test/support/mock-openai.mjs";
import { EmbeddingsProviderError } from "./errors";
import { createOpenAICompatibleEmbeddings, mapWithConcurrency } from "./openai-compatible";

let mock: MockOpenAI;
beforeAll(async () => {
  mock = await startMockOpenAI();
});
afterAll(() => mock.close());
beforeEach(() => {
  mock.requests.length = 0;
});

const embeddingsFor = (overrides: Partial<Parameters<typeof createOpenAICompatibleEmbeddings>[0]> = {}) =>
  createOpenAICompatibleEmbeddings({
    provider: "openai",
    baseURL: `${mock.url}/v1`,
    apiKey: "test-key",
    modelName: "mock-embed",
    ...overrides,
  });

describe("createOpenAICompatibleEmbeddings", () => {
  it("returns the provider's vectors in input order", async () => {
    const vectors = await embeddingsFor().embedDocuments(["alpha beta", "gamma"]);
    expect(vectors).toHaveLength(2);
    expect(vectors[0]).toHaveLength(64);
    expect(vectors[0][0]).toBeCloseTo(embedText("alpha beta")[0], 6);
    expect(vectors[1]).toEqual(embedText("gamma").map((value) => expect.closeTo(value, 6)));
    expect(mock.requests[0].authorization).toBe("Bearer test-key");
  });

  it("sends batches of batchSize texts", async () => {
    const texts = Array.from({ length: 25 }, (_, index) => `text number ${index}`);
    const vectors = await embeddingsFor({ batchSize: 10, concurrency: 2 }).embedDocuments(texts);
    expect(vectors).toHaveLength(25);
    expect(mock.requests.map((request) => (request.body.input as string[]).length)).toEqual(
      expect.arrayContaining([10, 10, 5]),
    );
    expect(vectors[24][0]).toBeCloseTo(embedText("text number 24")[0], 6);
  });

  it("asks for the configured dimensions", async () => {
    const vector = await embeddingsFor({ dimensions: 16 }).embedQuery("hello world");
    expect(vector).toHaveLength(16);
    expect(mock.requests[0].body.dimensions).toBe(16);
  });

  it("turns a provider failure into an EmbeddingsProviderError naming the status", async () => {
    const failing = embeddingsFor({ modelName: "mock-embed-error" }).embedDocuments(["x"]);
    await expect(failing).rejects.toBeInstanceOf(EmbeddingsProviderError);
    await expect(failing).rejects.toMatchObject({
      statusCode: 502,
      providerStatus: 500,
      message: expect.stringContaining("Embeddings provider error (openai mock-embed-error, HTTP 500)"),
    });
  });

  it("reports an unreachable provider as an EmbeddingsProviderError", async () => {
    const unreachable = embeddingsFor({ baseURL: "http://127.0.0.1:9/v1" }).embedDocuments(["x"]);
    await expect(unreachable).rejects.toBeInstanceOf(EmbeddingsProviderError);
  });

  it("strips line breaks when asked", async () => {
    await embeddingsFor({ stripNewLines: true }).embedDocuments(["one\ntwo"]);
    expect(mock.requests[0].body.input).toEqual(["one two"]);
  });
});

describe("mapWithConcurrency", () => {
  it("keeps order and never runs more than the limit at once", async () => {
    let running = 0;
    let peak = 0;
    const results = await mapWithConcurrency([5, 1, 3, 2, 4], 2, async (value) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, value));
      running--;
      return value * 10;
    });
    expect(results).toEqual([50, 10, 30, 20, 40]);
    expect(peak).toBe(2);
  });
});
