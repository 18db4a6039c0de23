import { readFile } from "node:fs/promises";
import { api, expect, saveScreenshot, test } from "./support/fixtures";
import { conversationFlow } from "./support/flows";
import type { Chatflow } from "@/lib/client/types";

test("searches, filters, sorts, duplicates, exports and deletes chatflows", async ({ page, member }) => {
  void member;
  await api(page, "POST", "/chatflows", {
    name: "Support bot",
    category: "support;faq",
    flowData: conversationFlow(),
  });
  await api(page, "POST", "/chatflows", {
    name: "Sales agent",
    category: "sales",
    type: "AGENTFLOW",
    flowData: conversationFlow(),
  });
  await api(page, "POST", "/chatflows", {
    name: "Docs assistant",
    category: "support;docs",
    flowData: conversationFlow(),
  });

  await page.goto("/chatflows");
  const rows = page.getByTestId("chatflow-row");
  await expect(rows).toHaveCount(3);
  await saveScreenshot(page, "chatflows-list");

  await page.getByLabel("Search chatflows").fill("bot");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Support bot");
  await page.getByLabel("Search chatflows").fill("");

  await page.getByLabel("Filter by type").selectOption("AGENTFLOW");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Sales agent");
  await page.getByLabel("Filter by type").selectOption("");

  await page.getByLabel("Filter by category").selectOption("support");
  await expect(rows).toHaveCount(2);
  await page.getByLabel("Filter by category").selectOption("");

  await page.getByLabel("Sort").selectOption("name");
  await expect(rows.locator("td:first-child a")).toHaveText(["Docs assistant", "Sales agent", "Support bot"]);

  await page.getByRole("button", { name: "Duplicate Support bot" }).click();
  await expect(page.getByTestId("toast-success")).toContainText("Created “Support bot (copy)”");
  await expect(rows).toHaveCount(4);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export Sales agent" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("Sales agent Chatflow.json");
  const exported = JSON.parse(await readFile((await file.path())!, "utf8"));
  expect(exported.nodes.map((node: { id: string }) => node.id)).toEqual([
    "chatOpenAI_0",
    "bufferMemory_0",
    "conversationChain_0",
  ]);

  await page.getByRole("button", { name: "Delete Support bot (copy)" }).click();
  await expect(page.getByTestId("confirm-dialog")).toContainText("cannot be undone");
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(rows).toHaveCount(4);
  await page.getByRole("button", { name: "Delete Support bot (copy)" }).click();
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Delete" }).click();
  await expect(rows).toHaveCount(3);
  const remaining = await api<Chatflow[]>(page, "GET", "/chatflows");
  expect(remaining.map((flow) => flow.name).sort()).toEqual(["Docs assistant", "Sales agent", "Support bot"]);
});

test("creates a chatflow from the dialog and opens it on the canvas", async ({ page, member }) => {
  void member;
  await page.goto("/chatflows");
  await page.getByRole("button", { name: "+ New chatflow" }).first().click();
  await page.getByTestId("new-chatflow-dialog").getByLabel("Name").fill("Fresh flow");
  await page.getByTestId("new-chatflow-dialog").getByRole("button", { name: "Create" }).click();
  await expect(page).toHaveURL(/\/chatflows\/[0-9a-f-]{36}$/);
  await expect(page.getByLabel("Chatflow name")).toHaveValue("Fresh flow");
});
