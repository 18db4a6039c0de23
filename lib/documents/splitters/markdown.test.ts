import { describe, expect, it } from "vitest";
import { markdownTextSplitter } from "./markdown";

const markdown = `# Guide

Intro paragraph.

## Install

Run the installer.

\`\`\`sh
npm start
\`\`\`

## Use

Open the app.`;

describe("markdownTextSplitter", () => {
  it("cuts before headings so each section keeps its heading", () => {
    expect(markdownTextSplitter({ chunkSize: 60, chunkOverlap: 0 }).splitText(markdown)).toEqual([
      "# Guide\n\nIntro paragraph.",
      "## Install\n\nRun the installer.\n\n```sh\nnpm start\n```",
      "## Use\n\nOpen the app.",
    ]);
  });

  it("cuts a long section at its code fence first", () => {
    expect(markdownTextSplitter({ chunkSize: 32, chunkOverlap: 0 }).splitText(markdown)).toEqual([
      "# Guide\n\nIntro paragraph.",
      "## Install\n\nRun the installer.",
      "```sh\nnpm start\n```",
      "## Use\n\nOpen the app.",
    ]);
  });

  it("then at paragraphs when a part is still too long", () => {
    expect(markdownTextSplitter({ chunkSize: 30, chunkOverlap: 0 }).splitText(markdown)).toEqual([
      "# Guide\n\nIntro paragraph.",
      "## Install",
      "Run the installer.",
      "```sh\nnpm start\n```",
      "## Use\n\nOpen the app.",
    ]);
  });
});
