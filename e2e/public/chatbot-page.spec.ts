import { expect, test } from "@playwright/test";
import { answerTexts, createChatflow, partialAnswers, recordAnswerTexts, signUp } from "./support";

// The public page /chatbot/{id}: no session cookie in these browsers, nobody is signed in.

let token: string;

test.beforeAll(async () => {
  token = await signUp();
});

test("serves a public chatflow signed out: appearance, starter prompts, streaming, session kept", async ({
  page,
}) => {
  const chatflow = await createChatflow(token, {
    chatbotConfig: {
      title: "Sock shop",
      welcomeMessage: "Welcome to the sock shop!",
      titleBackgroundColor: "#112233",
      starterPrompts: { 0: { prompt: "Which colours do you have?" }, 1: { prompt: "Do you ship abroad?" } },
      textInput: { placeholder: "Ask about socks" },
    },
  });
  const response = await page.goto(`/chatbot/${chatflow.id}`);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("Sock shop");
  expect(await page.context().cookies()).toEqual([]);

  const chat = page.getByRole("region", { name: "Sock shop" });
  await expect(chat.getByRole("heading", { name: "Sock shop" })).toBeVisible();
  await expect(chat.locator("header")).toHaveCSS("background-color", "rgb(17, 34, 51)");
  await expect(chat.getByText("Welcome to the sock shop!")).toBeVisible();
  await expect(chat.getByRole("textbox", { name: "Message" })).toHaveAttribute(
    "placeholder",
    "Ask about socks",
  );

  await recordAnswerTexts(page, "[data-chatflow-embed]", ".msg.bot");
  await chat.getByRole("button", { name: "Which colours do you have?" }).click();
  const final = "Echo: Which colours do you have?";
  await expect(chat.locator(".msg.bot").last()).toHaveText(final);
  expect(partialAnswers(await answerTexts(page), final).length).toBeGreaterThanOrEqual(3);
  // Starter prompts make way for the conversation.
  await expect(chat.getByRole("button", { name: "Do you ship abroad?" })).toBeHidden();

  await page.reload();
  await expect(chat.locator(".msg.user")).toHaveText(["Which colours do you have?"]);
  await expect(chat.locator(".msg.bot").last()).toHaveText(final);

  await chat.getByRole("button", { name: "Start a new chat" }).click();
  await expect(chat.locator(".msg.user")).toHaveCount(0);
  await expect(chat.getByRole("button", { name: "Do you ship abroad?" })).toBeVisible();
});

test("answers 404 for a private chatflow and for an unknown id", async ({ page }) => {
  const hidden = await createChatflow(token, { isPublic: false });
  for (const id of [hidden.id, "7d0c5a43-1a8f-4a52-9a55-2f0f4e5c1b7e", "not-a-uuid"]) {
    const response = await page.goto(`/chatbot/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Chatbot not found" })).toBeVisible();
  }
});

test("shows the chatflow's rate-limit message", async ({ page }) => {
  const chatflow = await createChatflow(token, {
    modelName: "mock-model",
    apiConfig: {
      rateLimit: {
        status: true,
        limitMax: 1,
        limitDuration: 60,
        limitMsg: "Easy there! One question a minute.",
      },
    },
  });
  await page.goto(`/chatbot/${chatflow.id}`);
  const message = page.getByRole("textbox", { name: "Message" });
  await message.fill("First question");
  await message.press("Enter");
  await expect(page.locator("[data-chatflow-embed] .msg.bot").last()).toHaveText("Echo: First question");
  await message.fill("Second question");
  await message.press("Enter");
  await expect(page.locator("[data-chatflow-embed] .msg.bot.error")).toHaveText(
    "Easy there! One question a minute.",
  );
});

test("draws answers as safe Markdown: no HTML from the model, only http(s) links", async ({ page }) => {
  const chatflow = await createChatflow(token, { modelName: "mock-model" });
  await page.goto(`/chatbot/${chatflow.id}`);
  // The mock model echoes the question, so the question is the answer's Markdown.
  const question =
    '<img src=x onerror="window.injected=1"> **bold** `code` [docs](https://example.com/a?b=1&c=2) [bad](javascript:alert(1))';
  const message = page.getByRole("textbox", { name: "Message" });
  await message.fill(question);
  await message.press("Enter");
  const answer = page.locator("[data-chatflow-embed] .msg.bot").last();
  await expect(answer).toContainText("Echo:");
  await expect(answer.locator("strong")).toHaveText("bold");
  await expect(answer.locator("code")).toHaveText("code");
  await expect(answer.getByRole("link")).toHaveCount(1);
  await expect(answer.getByRole("link", { name: "docs" })).toHaveAttribute(
    "href",
    "https://example.com/a?b=1&c=2",
  );
  await expect(answer.getByRole("link", { name: "docs" })).toHaveAttribute("rel", "noopener noreferrer");
  await expect(answer.locator("img")).toHaveCount(0);
  await expect(answer).toContainText('<img src=x onerror="window.injected=1">');
  expect(await page.evaluate(() => "injected" in window)).toBe(false);
});
