import { expect, test } from "@playwright/test";
import {
  answerTexts,
  appUrl,
  createChatflow,
  htmlPage,
  modelRequestsContaining,
  partialAnswers,
  recordAnswerTexts,
  signUp,
  startStaticSite,
} from "./support";

// Compatibility: a site that embeds Flowise's own widget (`flowise-embed` from npm, web.js served by a
// static site on another port) with apiHost pointed at this service.

test("the flowise-embed widget chats with a public chatflow, streaming", async ({ page }) => {
  const token = await signUp();
  const pages: Record<string, string> = {};
  const site = await startStaticSite(pages);
  try {
    const chatflow = await createChatflow(token, {
      allowedOrigins: [site.url],
      chatbotConfig: { starterPrompts: { 0: { prompt: "Any socks on sale?" } } },
    });
    pages["/flowise.html"] = htmlPage(`<script type="module">
      import Chatbot from "/flowise/web.js";
      Chatbot.init({ chatflowid: "${chatflow.id}", apiHost: "${appUrl()}" });
    </script>`);
    const predictions: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/v1/prediction/") && request.method() === "POST") {
        predictions.push(request.postData() ?? "");
      }
    });
    await page.goto(`${site.url}/flowise.html`);

    const widget = page.locator("flowise-chatbot");
    await widget.locator("[part=button]").click();
    const bot = widget.locator("[data-testid=host-bubble]");
    // The widget takes its welcome message from its own theme, and the starter prompts from ours.
    await expect(bot.first()).toHaveText("Hi there! How can I help?");
    await recordAnswerTexts(page, "flowise-chatbot", "[data-testid=host-bubble]");
    await widget.getByText("Any socks on sale?").click();
    const final = "Echo: Any socks on sale?";
    await expect(bot.last()).toHaveText(final);
    expect(partialAnswers(await answerTexts(page), final).length).toBeGreaterThanOrEqual(3);
    expect(JSON.parse(predictions[0])).toMatchObject({ question: "Any socks on sale?", streaming: true });

    // The widget keeps its chatId, so the second question is answered with the first in memory.
    await widget.getByPlaceholder("Type your question").fill("In size 42?");
    await widget.getByPlaceholder("Type your question").press("Enter");
    await expect(bot.last()).toHaveText("Echo: In size 42?");
    expect(JSON.parse(predictions[1]).chatId).toBe(JSON.parse(predictions[0]).chatId);
    const [modelCall] = await modelRequestsContaining("In size 42?");
    expect(JSON.stringify(modelCall.body.messages)).toContain("Any socks on sale?");
  } finally {
    await site.close();
  }
});
