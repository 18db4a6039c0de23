import { api, expect, test } from "./support/fixtures";
import { openCanvas } from "./support/canvas";
import { conversationFlow } from "./support/flows";
import type { ApiKey, Chatflow, Credential } from "@/lib/client/types";

test("creates an API key shown once, renames and deletes it", async ({ page, member }) => {
  void member;
  await page.goto("/apikeys");
  await expect(page.getByTestId("empty-state")).toContainText("No API keys yet");
  await page.getByRole("button", { name: "+ New key" }).click();
  await page.getByLabel("Name", { exact: true }).fill("CI key");
  await page.getByRole("button", { name: "Create key" }).click();
  const secret = await page.getByTestId("new-api-key").inputValue();
  expect(secret.length).toBeGreaterThan(40);
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("apikey-table")).not.toContainText(secret);

  await page.getByLabel("Name of key CI key").fill("Deploy key");
  await page.getByLabel("Name of key CI key").press("Enter");
  await expect(page.getByTestId("toast-success")).toContainText("Key renamed");
  expect((await api<ApiKey[]>(page, "GET", "/apikey")).map((key) => key.keyName)).toEqual(["Deploy key"]);

  await page.getByRole("button", { name: "Delete Deploy key" }).click();
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("empty-state")).toBeVisible();
  expect(await api<ApiKey[]>(page, "GET", "/apikey")).toEqual([]);
});

test("adds a credential without ever showing its secret, and a node picks it", async ({ page, member }) => {
  void member;
  await page.goto("/credentials");
  await page.getByRole("button", { name: "+ Add credential" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Team OpenAI");
  await page.getByLabel("Type").fill("openAIApi");
  await page.getByLabel("OpenAI API key").fill("sk-e2e-secret");
  await page.getByRole("button", { name: "Add credential", exact: true }).click();
  await expect(page.getByTestId("credential-table")).toContainText("Team OpenAI");
  await expect(page.locator("body")).not.toContainText("sk-e2e-secret");
  const [credential] = await api<Credential[]>(page, "GET", "/credentials");

  const flow = await api<Chatflow>(page, "POST", "/chatflows", {
    name: "With key",
    flowData: conversationFlow(),
  });
  await openCanvas(page, flow.id);
  const picker = page.getByTestId("node-chatOpenAI_0").getByLabel("Connect credential");
  await picker.selectOption({ label: "Team OpenAI" });
  await page.keyboard.press("ControlOrMeta+s");
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
  const saved = JSON.parse((await api<Chatflow>(page, "GET", `/chatflows/${flow.id}`)).flowData);
  expect(saved.nodes[0].data.credential).toBe(credential.id);
});
