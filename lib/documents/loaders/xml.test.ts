import { describe, expect, it } from "vitest";
import { loadFile } from "../load";
import { sourceFile } from "../testing/fixtures";

const xml = `<?xml version="1.0" encoding="UTF-8"?>
<!-- a catalogue -->
<catalog lang="en">
  <book id="b1">
    <title>Dune &amp; Sons</title>
    <price currency="EUR">007</price>
    <note><![CDATA[Use <care> here]]></note>
  </book>
  <book id="b2"><title>Emma</title></book>
</catalog>`;

describe("XML loader", () => {
  it("loads the text content in document order, one text node per line", async () => {
    expect(await loadFile(sourceFile("books.xml", xml))).toEqual([
      {
        pageContent: "Dune & Sons\n007\nUse <care> here\nEmma",
        metadata: { source: "books.xml", fileType: "xml" },
      },
    ]);
  });

  it("rejects malformed XML with 400 naming the file and the line", async () => {
    await expect(loadFile(sourceFile("bad.xml", "<a>\n  <b>text</a>"))).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/^Could not read "bad\.xml": it is not well-formed XML \(.+, line 2\)$/),
    });
  });
});
