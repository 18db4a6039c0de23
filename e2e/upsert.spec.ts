import { api, expect, test } from "./support/fixtures";
import { openCanvas, saveWithShortcut } from "./support/canvas";
import { retrievalFlow } from "./support/flows";
import type { Chatflow } from "@/lib/client/types";

const facts =
  "Project Bluebird launches on the ninth of March.\nIts launch code is 4417 and its pilot is Ines Moreau.\n";

test("upserts a file from the canvas, then answers about it with its source", async ({ page, member }) => {
  void member;
  const flow = await api<Chatflow>(page, "POST", "/chatflows", {
    name: "Docs QA",
    flowData: retrievalFlow(),
  });
  await openCanvas(page, flow.id);
  await expect(page.locator(".react-flow__node")).toHaveCount(6);
  await expect(page.locator(".react-flow__edge")).toHaveCount(5);
  await expect(page.getByTestId("missing-inputs")).toHaveCount(0);
  // The store's retriever output is the one the chain uses; saving records that choice.
  await page.getByTestId("node-chatOpenAI_0").getByLabel("Temperature").fill("0");
  await saveWithShortcut(page);
  const saved = JSON.parse((await api<Chatflow>(page, "GET", `/chatflows/${flow.id}`)).flowData);
  expect(saved.nodes.find((node: { id: string }) => node.id === "chroma_0").data.outputs).toEqual({
    output: "retriever",
  });

  await page.getByRole("button", { name: "Upsert" }).click();
  const dialog = page.getByTestId("upsert-dialog");
  await dialog
    .getByTestId("upsert-files")
    .setInputFiles({ name: "bluebird.txt", mimeType: "text/plain", buffer: Buffer.from(facts) });
  await expect(dialog.getByRole("list", { name: "Files to upsert" })).toContainText("bluebird.txt");
  await dialog.getByRole("button", { name: "Upsert 1 file" }).click();
  await expect(dialog.getByTestId("upsert-result")).toBeVisible();
  expect(Number(await dialog.getByTestId("upsert-added").textContent())).toBeGreaterThan(0);
  await expect(dialog.getByTestId("upsert-skipped")).toHaveText("0");

  // The same file again is recognised and skipped.
  await dialog
    .getByTestId("upsert-files")
    .setInputFiles({ name: "bluebird.txt", mimeType: "text/plain", buffer: Buffer.from(facts) });
  await dialog.getByRole("button", { name: "Upsert 1 file" }).click();
  await expect(dialog.getByTestId("upsert-added")).toHaveText("0");
  await dialog.getByRole("button", { name: "Close" }).last().click();

  await page.getByLabel("Message").fill("What is the launch code of Bluebird?");
  await page.getByRole("button", { name: "Send" }).click();
  const answer = page.getByTestId("chat-message-assistant").last();
  await expect(answer).toHaveAttribute("data-streaming", "false");
  await answer.getByText(/^Sources \(\d+\)$/).click();
  await expect(answer.getByTestId("chat-sources")).toContainText("launch code is 4417");
});
