import { mkdirSync, writeFileSync } from "node:fs";
import { api, expect, test } from "../../e2e/support/fixtures";
import { conversationFlow } from "../../e2e/support/flows";
import type { Chatflow } from "@/lib/client/types";

// Measures the canvas page on the production build: JavaScript transferred (compressed, as served)
// and time to interactive, taken as the later of "the flow is drawn" and the end of the last long
// task (>50 ms) on the main thread. A measurement, not a test: the numbers go to
// test-results/perf-canvas.json and the console (`npm run bench:canvas`, after `next build`).

test("measure the canvas page's JavaScript and time to interactive", async ({
  page,
  member,
}) => {
  void member;
  const flow = await api<Chatflow>(page, "POST", "/chatflows", {
    name: "Perf",
    flowData: conversationFlow(),
  });
  await page.addInitScript(() => {
    const tasks: Array<{ start: number; end: number }> = [];
    (window as unknown as { longTasks: typeof tasks }).longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        tasks.push({ start: entry.startTime, end: entry.startTime + entry.duration });
    }).observe({ type: "longtask", buffered: true });
  });

  const runs: Array<{ jsKb: number; jsFiles: number; drawnMs: number; interactiveMs: number }> = [];
  for (let run = 0; run < 2; run++) {
    await page.goto(`/chatflows/${flow.id}`);
    await expect(page.locator(".react-flow__node")).toHaveCount(3);
    await expect(page.getByTestId("palette-chatOpenAI")).toBeEnabled();
    const drawnMs = await page.evaluate(() => performance.now());
    await page.waitForTimeout(1500);
    const measured = await page.evaluate(() => {
      const scripts = performance
        .getEntriesByType("resource")
        .filter(
          (entry) =>
            (entry as PerformanceResourceTiming).initiatorType === "script" || entry.name.endsWith(".js"),
        );
      const tasks = (window as unknown as { longTasks: Array<{ end: number }> }).longTasks;
      return {
        jsBytes: scripts.reduce(
          (sum, entry) => sum + (entry as PerformanceResourceTiming).encodedBodySize,
          0,
        ),
        jsFiles: scripts.length,
        lastLongTaskEnd: Math.max(0, ...tasks.map((task) => task.end)),
      };
    });
    runs.push({
      jsKb: Math.round(measured.jsBytes / 102.4) / 10,
      jsFiles: measured.jsFiles,
      drawnMs: Math.round(drawnMs),
      interactiveMs: Math.round(Math.max(drawnMs, measured.lastLongTaskEnd)),
    });
  }

  mkdirSync("test-results", { recursive: true });
  writeFileSync(
    "test-results/perf-canvas.json",
    `${JSON.stringify({ cold: runs[0], warm: runs[1] }, null, 2)}\n`,
  );
  console.log(`canvas page: cold ${JSON.stringify(runs[0])}, warm ${JSON.stringify(runs[1])}`);
});
