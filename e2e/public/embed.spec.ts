import { expect, test } from "@playwright/test";
import {
  answerTexts,
  appUrl,
  createChatflow,
  htmlPage,
  partialAnswers,
  recordAnswerTexts,
  signUp,
  startStaticSite,
  type StaticSite,
} from "./support";

// Our embed script (public/embed.js) on a page of another origin: a static site on its own port.

const host = "[data-chatflow-embed]";
let token: string;
let site: StaticSite;
const pages: Record<string, string> = {};

test.beforeAll(async () => {
  token = await signUp();
  site = await startStaticSite(pages);
});

test.afterAll(async () => {
  await site?.close();
});

// The three ways to load it: a module tag with data- attributes, an import (Flowise's snippet), and a
// classic tag through embed-classic.js.
const moduleTag = (chatflowId: string) =>
  `<script type="module" src="${appUrl()}/embed.js" data-chatflowid="${chatflowId}" data-api-host="${appUrl()}"></script>`;
const classicTag = (chatflowId: string) =>
  `<script src="${appUrl()}/embed-classic.js" data-chatflowid="${chatflowId}"></script>`;

test("chats with streaming from an allowed origin through one module tag, keyboard only", async ({
  page,
}) => {
  const chatflow = await createChatflow(token, {
    allowedOrigins: [site.url],
    chatbotConfig: { title: "Sock helper", welcomeMessage: "Hi! Ask me about socks." },
  });
  pages["/allowed.html"] = htmlPage(moduleTag(chatflow.id));
  await page.goto(`${site.url}/allowed.html`);

  const bubble = page.getByRole("button", { name: "Open chat" });
  await expect(bubble).toBeVisible();
  await bubble.focus();
  await page.keyboard.press("Enter");
  const chat = page.getByRole("dialog", { name: "Sock helper" });
  await expect(chat).toBeVisible();
  await expect(chat.getByText("Hi! Ask me about socks.")).toBeVisible();
  await expect(chat.getByRole("textbox", { name: "Message" })).toBeFocused();

  await recordAnswerTexts(page, host, ".msg.bot");
  await page.keyboard.type("Do you sell wool socks?");
  await page.keyboard.press("Enter");
  const final = "Echo: Do you sell wool socks?";
  await expect(chat.locator(".msg.user")).toHaveText("Do you sell wool socks?");
  await expect(chat.locator(".msg.bot").last()).toHaveText(final);
  expect(partialAnswers(await answerTexts(page), final).length).toBeGreaterThanOrEqual(3);

  await page.keyboard.press("Escape");
  await expect(chat).toBeHidden();
  await expect(page.getByRole("button", { name: "Open chat" })).toBeFocused();

  // The session belongs to this browser: after a reload the conversation is still there and goes on.
  await page.reload();
  await page.getByRole("button", { name: "Open chat" }).click();
  await expect(chat.locator(".msg.bot").last()).toHaveText(final);
  await chat.getByRole("textbox", { name: "Message" }).fill("And cotton?");
  await chat.getByRole("button", { name: "Send" }).click();
  await expect(chat.locator(".msg.bot").last()).toHaveText("Echo: And cotton?");
  await expect(chat.locator(".msg.user")).toHaveText(["Do you sell wool socks?", "And cotton?"]);
});

test("shows the chatflow's 403 message on an origin it does not allow (classic tag)", async ({ page }) => {
  const chatflow = await createChatflow(token, { allowedOrigins: ["https://shop.example.com"] });
  pages["/refused.html"] = htmlPage(classicTag(chatflow.id));
  await page.goto(`${site.url}/refused.html`);

  await page.getByRole("button", { name: "Open chat" }).click();
  await page.getByRole("textbox", { name: "Message" }).fill("Hello?");
  await page.keyboard.press("Enter");
  await expect(page.locator(`${host} .msg.bot.error`)).toHaveText(
    "This site is not allowed to access this chatbot",
  );
});

test("works as an ES module like Flowise's snippet, with the theme given in init", async ({ page }) => {
  const chatflow = await createChatflow(token, { allowedOrigins: [site.url] });
  pages["/module.html"] = htmlPage(`<script type="module">
    import Chatbot from "${appUrl()}/embed.js";
    Chatbot.init({
      chatflowid: "${chatflow.id}",
      apiHost: "${appUrl()}",
      theme: { button: { backgroundColor: "#ff0000" }, chatWindow: { title: "Module chat", starterPrompts: ["What sizes?"] } },
    });
  </script>`);
  await page.goto(`${site.url}/module.html`);

  const bubble = page.getByRole("button", { name: "Open chat" });
  await expect(bubble).toHaveCSS("background-color", "rgb(255, 0, 0)");
  await bubble.click();
  const chat = page.getByRole("dialog", { name: "Module chat" });
  await chat.getByRole("button", { name: "What sizes?" }).click();
  await expect(chat.locator(".msg.bot").last()).toHaveText("Echo: What sizes?");
});

test("is polite when the chatflow is not available", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const chatflow = await createChatflow(token, { isPublic: false });
  pages["/private.html"] = htmlPage(moduleTag(chatflow.id));
  await page.goto(`${site.url}/private.html`);

  await page.getByRole("button", { name: "Open chat" }).click();
  await expect(page.getByRole("status")).toHaveText("This chatbot is not available right now.");
  await expect(page.getByRole("textbox", { name: "Message" })).toBeDisabled();
  await expect(page.getByRole("heading", { name: "Sock shop" })).toBeVisible();
  expect(errors).toEqual([]);
});

for (const [kind, file, type] of [
  ["module tag", "embed.js", "module"],
  ["classic tag", "embed-classic.js", "text/javascript"],
] as const) {
  test(`measures the time from script load to a visible bubble (${kind})`, async ({ page }) => {
    const chatflow = await createChatflow(token, { allowedOrigins: [site.url] });
    // The page adds the tag itself so that the clock starts when loading starts.
    pages["/timing.html"] = htmlPage(`<script>
      window.timing = new Promise((resolve) => {
        const started = performance.now();
        const script = document.createElement("script");
        script.type = "${type}";
        script.src = "${appUrl()}/${file}";
        script.dataset.chatflowid = "${chatflow.id}";
        script.dataset.apiHost = "${appUrl()}";
        document.body.append(script);
        (function check() {
          const bubble = document.querySelector("[data-chatflow-embed]")?.shadowRoot?.querySelector(".bubble");
          if (bubble && bubble.getBoundingClientRect().width > 0) {
            const embed = performance.getEntriesByName("${appUrl()}/embed.js")[0];
            requestAnimationFrame(() => resolve({ total: performance.now() - started, afterLoad: performance.now() - embed.responseEnd }));
          } else requestAnimationFrame(check);
        })();
      });
    </script>`);
    await page.goto(`${site.url}/timing.html`);
    const timing = await page.evaluate(
      () => (window as unknown as { timing: Promise<{ total: number; afterLoad: number }> }).timing,
    );
    const description = `tag added → bubble painted ${timing.total.toFixed(1)} ms; embed.js received → bubble painted ${timing.afterLoad.toFixed(1)} ms`;
    test.info().annotations.push({ type: "timing", description });
    console.log(`embed timing (${kind}): ${description}`);
    expect(timing.total).toBeLessThan(2_000);
  });
}
