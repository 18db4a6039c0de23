import { describe, expect, it } from "vitest";
import { loadFile } from "../load";
import { sourceFile } from "../testing/fixtures";

describe("text loader", () => {
  it("loads text and code files whole, with LF line endings and line metadata", async () => {
    expect(await loadFile(sourceFile("main.py", "import os\r\n\r\ndef main():\r\n    pass\r\n\r\n"))).toEqual(
      [
        {
          pageContent: "import os\n\ndef main():\n    pass",
          metadata: { source: "main.py", fileType: "py", lineFrom: 1, lineTo: 4 },
        },
      ],
    );
  });

  it("keeps leading blank lines so line numbers match the file", async () => {
    const [document] = await loadFile(sourceFile("notes.md", "\n\n# Title\nBody\n"));
    expect(document).toEqual({
      pageContent: "\n\n# Title\nBody",
      metadata: { source: "notes.md", fileType: "md", lineFrom: 1, lineTo: 4 },
    });
  });

  it("loads nothing from a whitespace-only file", async () => {
    expect(await loadFile(sourceFile("blank.txt", " \n\t\n"))).toEqual([]);
  });
});
