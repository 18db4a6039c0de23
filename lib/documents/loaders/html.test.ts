import { describe, expect, it } from "vitest";
import { loadFile } from "../load";
import { sourceFile } from "../testing/fixtures";

const html = `<!doctype html>
<html><head><title>Tea &amp; Coffee</title><style>p { color: red }</style><script>var hidden = 1;</script></head>
<body>
  <h1>Brewing guide</h1>
  <p>Use <b>fresh</b> water. See <a href="https://example.com/more">the details</a>.</p>
  <img src="cup.png" alt="a cup">
  <ul><li>Green: 80&deg;C</li><li>Black: 95&deg;C</li></ul>
</body></html>`;

describe("HTML loader", () => {
  it("loads the visible text block by block, without scripts, styles, URLs or images", async () => {
    expect(await loadFile(sourceFile("guide.html", html))).toEqual([
      {
        pageContent: "Brewing guide\n\nUse fresh water. See the details.\n\n * Green: 80°C\n * Black: 95°C",
        metadata: { source: "guide.html", fileType: "html", title: "Tea & Coffee" },
      },
    ]);
  });

  it("loads nothing from a page without text", async () => {
    expect(await loadFile(sourceFile("empty.html", "<html><body><img src=x></body></html>"))).toEqual([]);
  });
});
