import { describe, expect, it } from "vitest";
import { loadFile } from "../load";
import { sourceFile } from "../testing/fixtures";

const json = JSON.stringify({ title: "Store", "a/b": { "c~d": "escaped" }, items: [{ id: 1 }, "two"] });

describe("JSON loader", () => {
  it("loads the whole file pretty-printed as one document", async () => {
    expect(await loadFile(sourceFile("data.json", '\uFEFF{"a":[1,{"b":null}]}'))).toEqual([
      {
        pageContent: '{\n  "a": [\n    1,\n    {\n      "b": null\n    }\n  ]\n}',
        metadata: { source: "data.json", fileType: "json" },
      },
    ]);
  });

  it("loads the values chosen by JSON pointers, one document per array item", async () => {
    const documents = await loadFile(sourceFile("store.json", json), {
      jsonPointers: ["/title", "/items", "/a~1b/c~0d"],
    });
    expect(documents).toEqual([
      { pageContent: "Store", metadata: { source: "store.json", fileType: "json", pointer: "/title" } },
      {
        pageContent: '{\n  "id": 1\n}',
        metadata: { source: "store.json", fileType: "json", pointer: "/items/0" },
      },
      { pageContent: "two", metadata: { source: "store.json", fileType: "json", pointer: "/items/1" } },
      { pageContent: "escaped", metadata: { source: "store.json", fileType: "json", pointer: "/a~1b/c~0d" } },
    ]);
  });

  it("rejects a pointer that matches nothing, or is malformed, with 400", async () => {
    await expect(
      loadFile(sourceFile("store.json", json), { jsonPointers: ["/items/7"] }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: 'JSON pointer "/items/7" matches nothing in "store.json"',
    });
    await expect(loadFile(sourceFile("store.json", json), { jsonPointers: ["title"] })).rejects.toMatchObject(
      {
        statusCode: 400,
        message: 'Invalid JSON pointer "title": it must be empty or start with "/"',
      },
    );
  });

  it("rejects invalid JSON with 400 naming the file", async () => {
    await expect(loadFile(sourceFile("bad.json", '{"a": 1,'))).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/^Could not read "bad\.json": it is not valid JSON \(.+\)$/),
    });
  });
});
