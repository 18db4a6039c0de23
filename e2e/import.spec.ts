import path from "node:path";
import { api, expect, test } from "./support/fixtures";
import type { Chatflow } from "@/lib/client/types";

const flowiseExport = path.resolve("test/fixtures/flowise/conversation-chain-buffer-memory.json");
const unpositioned = path.resolve("e2e/fixtures/agent-without-positions Chatflow.json");

test("imports a Flowise export, shows it on the canvas and runs it", async ({ page, member }) => {
  void member;
  await page.goto("/chatflows");
  await page.getByTestId("import-file").setInputFiles(flowiseExport);
  await expect(page.getByTestId("toast-success")).toContainText(
    "Imported “conversation-chain-buffer-memory”",
  );

  await page.getByRole("link", { name: "conversation-chain-buffer-memory" }).click();
  await expect(page.locator(".react-flow__node")).toHaveCount(3);
  await expect(page.locator(".react-flow__edge")).toHaveCount(2);
  await expect(page.getByTestId("missing-inputs")).toHaveCount(0);

  await page.getByLabel("Message").fill("hello from Flowise");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByTestId("chat-message-assistant").last()).toHaveText("Echo: hello from Flowise");
});

test("lays out an imported flow that has no positions", async ({ page, member }) => {
  void member;
  await page.goto("/chatflows");
  await page.getByTestId("import-file").setInputFiles(unpositioned);
  await expect(page.getByTestId("toast-success")).toContainText("Imported “agent-without-positions”");
  const [flow] = await api<Chatflow[]>(page, "GET", "/chatflows");
  await page.goto(`/chatflows/${flow.id}`);
  await expect(page.locator(".react-flow__node")).toHaveCount(3);

  const boxes = await page.locator(".react-flow__node").evaluateAll((nodes) =>
    nodes.map((node) => {
      const box = node.getBoundingClientRect();
      return {
        id: node.getAttribute("data-id"),
        left: box.left,
        right: box.right,
        top: box.top,
        bottom: box.bottom,
      };
    }),
  );
  const overlaps = boxes.flatMap((a, i) =>
    boxes
      .slice(i + 1)
      .filter((b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom),
  );
  expect(overlaps).toEqual([]);
  const x = Object.fromEntries(boxes.map((box) => [box.id, box.left]));
  expect(x.toolAgent_0).toBeGreaterThan(x.chatOpenAI_0);
  expect(x.toolAgent_0).toBeGreaterThan(x.calculator_0);
});
