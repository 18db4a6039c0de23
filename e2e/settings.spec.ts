import { api, expect, test } from "./support/fixtures";
import { openCanvas } from "./support/canvas";
import { conversationFlow } from "./support/flows";
import type { ApiKey, Chatflow } from "@/lib/client/types";

test("binds an API key, opens the chatflow to an origin with a rate limit and styles its chatbot", async ({
  page,
  member,
}) => {
  void member;
  const key = await api<ApiKey>(page, "POST", "/apikey", { keyName: "Widget key" });
  const flow = await api<Chatflow>(page, "POST", "/chatflows", {
    name: "Configured",
    flowData: conversationFlow(),
  });
  await openCanvas(page, flow.id);

  await page.getByRole("button", { name: "Settings" }).click();
  const dialog = page.getByTestId("settings-dialog");
  await dialog.getByRole("combobox", { name: "API key" }).selectOption(key.id);
  await dialog.getByRole("switch", { name: /Stream answers/ }).uncheck();
  await dialog.getByRole("switch", { name: /Allow overrides/ }).uncheck();
  await dialog.getByLabel(/Allowed origins/).fill("https://shop.example.com");
  await dialog.getByRole("switch", { name: "Limit requests" }).check();
  await dialog.getByLabel("Requests per window").fill("5");
  await dialog.getByLabel("Window in seconds").fill("60");
  await dialog.getByLabel("Rate limit message").fill("Slow down");

  await dialog.getByRole("tab", { name: "Chatbot" }).click();
  await dialog.getByLabel("Title", { exact: true }).fill("Shop helper");
  await dialog.getByLabel("Welcome message").fill("Hello! How can I help?");
  await dialog.getByRole("button", { name: "+ Add starter prompt" }).click();
  await dialog.getByRole("textbox", { name: "Starter prompt 1" }).fill("Where is my order?");
  const preview = dialog.getByTestId("chatbot-preview");
  await expect(preview).toContainText("Shop helper");
  await expect(preview).toContainText("Hello! How can I help?");
  await expect(preview).toContainText("Where is my order?");

  await dialog.getByRole("tab", { name: "General" }).click();
  await dialog.getByLabel(/Categories/).fill("shop; support");
  await dialog.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByTestId("toast-success")).toContainText("Settings saved");

  const saved = await api<Chatflow>(page, "GET", `/chatflows/${flow.id}`);
  expect(saved).toMatchObject({
    apikeyid: key.id,
    isStreaming: false,
    allowedOrigins: ["https://shop.example.com"],
    category: "shop;support",
  });
  expect(JSON.parse(saved.apiConfig!)).toEqual({
    rateLimit: { status: true, limitMax: 5, limitDuration: 60, limitMsg: "Slow down" },
    overrideConfig: { status: false },
  });
  expect(JSON.parse(saved.chatbotConfig!)).toMatchObject({
    title: "Shop helper",
    welcomeMessage: "Hello! How can I help?",
    starterPrompts: { 0: { prompt: "Where is my order?" } },
  });

  // The API dialog shows ready-to-copy calls that carry the key, and the embed snippet.
  await page.getByRole("button", { name: "API", exact: true }).click();
  const snippets = page.getByTestId("api-dialog");
  const origin = new URL(page.url()).origin;
  await expect(snippets.getByTestId("snippet-curl")).toContainText(
    `curl ${origin}/api/v1/prediction/${flow.id}`,
  );
  await expect(snippets.getByTestId("snippet-curl")).toContainText("Authorization: Bearer <your API key>");
  await snippets.getByRole("tab", { name: "Python" }).click();
  await expect(snippets.getByTestId("snippet-python")).toContainText("requests.post(API_URL");
  await snippets.getByRole("tab", { name: "JavaScript" }).click();
  await expect(snippets.getByTestId("snippet-javascript")).toContainText("await fetch(");
  await snippets.getByRole("tab", { name: "Embed" }).click();
  await expect(snippets.getByTestId("snippet-embed")).toHaveText(
    `<script type="module">\n  import Chatbot from "${origin}/embed.js";\n  Chatbot.init({\n    chatflowid: "${flow.id}",\n    apiHost: "${origin}",\n  });\n</script>`,
  );
});
