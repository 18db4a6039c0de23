import { api, expect, saveScreenshot, test } from "./support/fixtures";
import { openCanvas, saveWithShortcut } from "./support/canvas";
import { agentFlow } from "./support/flows";
import type { Chatflow, Tool } from "@/lib/client/types";

test("creates a tool, writes its function in Monaco, tests it, and an agent flow uses it", async ({
  page,
  member,
}) => {
  void member;
  await page.goto("/tools");
  await expect(page.getByTestId("empty-state")).toContainText("No tools yet");
  await page.getByRole("link", { name: "+ New tool" }).first().click();
  await expect(page).toHaveURL(/\/tools\/new$/);

  await page.getByLabel("Name", { exact: true }).fill("get_weather");
  await page.getByLabel(/^Description/).fill("Returns the weather for a city");
  await page.getByRole("button", { name: "+ Add property" }).click();
  await page.getByLabel("Property 1 name").fill("city");
  await page.getByLabel("Property 1 description").fill("The city to look up");
  await page.getByLabel("Property 1 required").check();

  // The JSON view shows the same schema as the table.
  await page.getByRole("tab", { name: "JSON" }).click();
  await expect(page.getByLabel("Schema JSON")).toHaveValue(/"required": \[\s*"city"\s*\]/);
  await page.getByRole("tab", { name: "Table" }).click();

  const editor = page.locator(".monaco-editor").first();
  await expect(editor).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Variables in scope" })).toContainText("$city");
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.keyboard.type('const weather = "sunny";', { delay: 15 });
  await page.keyboard.press("Enter");
  await page.keyboard.type('return "It is " + weather + " in " + $city;', { delay: 15 });
  await expect(editor.locator(".view-lines")).toContainText("return");

  await page.getByLabel("Test input").fill('{"city": "Paris"}');
  await page.getByRole("button", { name: "Test", exact: true }).click();
  await expect(page.getByTestId("tool-test-output")).toHaveText("It is sunny in Paris");

  await page.getByLabel("Test input").fill("{}");
  await page.getByRole("button", { name: "Test", exact: true }).click();
  await expect(page.getByTestId("tool-test-error")).toContainText("city");

  await page.getByLabel("Test input").fill('{"city": "Paris"}');
  await page.getByRole("button", { name: "Create tool" }).click();
  await expect(page).toHaveURL(/\/tools\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("tool-save-status")).toHaveText("Saved");
  await editor.scrollIntoViewIfNeeded();
  await saveScreenshot(page, "tool-editor");

  const [tool] = await api<Tool[]>(page, "GET", "/tools");
  expect(tool).toMatchObject({ name: "get_weather", description: "Returns the weather for a city" });
  expect(JSON.parse(tool.schema)).toEqual({
    type: "object",
    properties: { city: { type: "string", description: "The city to look up" } },
    required: ["city"],
  });

  // An agent flow picks the tool in its Custom Tool node and calls it when the model asks to.
  const flow = await api<Chatflow>(page, "POST", "/chatflows", {
    name: "Weather agent",
    type: "AGENTFLOW",
    flowData: agentFlow(),
  });
  await openCanvas(page, flow.id);
  const picker = page.getByTestId("node-customTool_0").getByLabel("Select Tool");
  await expect(picker.locator("option", { hasText: "get_weather" })).toHaveCount(1);
  await picker.selectOption({ label: "get_weather" });
  await saveWithShortcut(page);

  await page.getByLabel("Message").fill('What is the weather? [[tool:get_weather {"city":"Oslo"}]]');
  await page.getByRole("button", { name: "Send" }).click();
  const answer = page.getByTestId("chat-message-assistant").last();
  await expect(answer).toHaveAttribute("data-streaming", "false");
  await expect(answer).toContainText("Tool said: It is sunny in Oslo");
  await expect(answer.getByTestId("chat-used-tools")).toContainText("Used tool: get_weather");
});
