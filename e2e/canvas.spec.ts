import { api, expect, saveScreenshot, test } from "./support/fixtures";
import {
  connect,
  dragFromPalette,
  edgeBetween,
  handles,
  openCanvas,
  saveWithShortcut,
} from "./support/canvas";
import { conversationFlow } from "./support/flows";
import type { Chatflow } from "@/lib/client/types";

test("builds a conversation flow by dragging and connecting nodes, saves it and reloads it unchanged", async ({
  page,
  member,
}) => {
  void member;
  const created = await api<Chatflow>(page, "POST", "/chatflows", {
    name: "Drawn flow",
    flowData: '{"nodes":[],"edges":[]}',
  });
  await openCanvas(page, created.id);
  await expect(page.getByText("Drag nodes from the palette to start.")).toBeVisible();

  await page.getByLabel("Search nodes").fill("chat");
  await expect(page.getByTestId("palette-chatOpenAI")).toBeVisible();
  await expect(page.getByTestId("palette-bufferMemory")).toHaveCount(0);
  await page.getByLabel("Search nodes").fill("");

  await dragFromPalette(page, "chatOpenAI", 170, 40);
  await dragFromPalette(page, "bufferMemory", 170, 470);
  await dragFromPalette(page, "conversationChain", 520, 120);
  await expect(page.locator(".react-flow__node")).toHaveCount(3);
  await expect(page.getByTestId("missing-inputs")).toHaveText("2 required inputs missing");

  await connect(page, handles.chatOpenAIOut, handles.chainModelIn);
  await connect(page, handles.bufferMemoryOut, handles.chainMemoryIn);
  await expect(edgeBetween(page, "chatOpenAI_0", handles.chainModelIn)).toHaveCount(1);
  await expect(edgeBetween(page, "bufferMemory_0", handles.chainMemoryIn)).toHaveCount(1);
  await expect(page.getByTestId("missing-inputs")).toHaveCount(0);

  const modelName = page.getByTestId("node-chatOpenAI_0").getByLabel("Model Name");
  await modelName.fill("mock-delay-50");
  await expect(page.getByTestId("save-status")).toHaveText("Unsaved changes");
  await saveWithShortcut(page);
  await saveScreenshot(page, "canvas");

  const saved = await api<Chatflow>(page, "GET", `/chatflows/${created.id}`);
  const flow = JSON.parse(saved.flowData);
  const chain = flow.nodes.find((node: { id: string }) => node.id === "conversationChain_0");
  expect(chain.data.inputs).toMatchObject({
    model: "{{chatOpenAI_0.data.instance}}",
    memory: "{{bufferMemory_0.data.instance}}",
  });
  expect(flow.edges).toHaveLength(2);

  const before = await page
    .locator(".react-flow__node")
    .evaluateAll((nodes) =>
      nodes.map((node) => `${node.getAttribute("data-id")}@${(node as HTMLElement).style.transform}`).sort(),
    );
  await page.reload();
  await expect(page.locator(".react-flow__node")).toHaveCount(3);
  await expect(page.locator(".react-flow__edge")).toHaveCount(2);
  await expect(page.getByTestId("node-chatOpenAI_0").getByLabel("Model Name")).toHaveValue("mock-delay-50");
  const after = await page
    .locator(".react-flow__node")
    .evaluateAll((nodes) =>
      nodes.map((node) => `${node.getAttribute("data-id")}@${(node as HTMLElement).style.transform}`).sort(),
    );
  expect(after).toEqual(before);
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
});

test("refuses a connection between incompatible anchors and says why", async ({ page, member }) => {
  void member;
  const unconnected = JSON.stringify({ ...JSON.parse(conversationFlow()), edges: [] });
  const created = await api<Chatflow>(page, "POST", "/chatflows", {
    name: "Refusals",
    flowData: unconnected,
  });
  await openCanvas(page, created.id);
  await expect(page.locator(".react-flow__edge")).toHaveCount(0);

  // While a memory's connection is drawn, the anchors that cannot take it are dimmed.
  const anchorRow = (handleId: string) => page.locator(`[data-handleid="${handleId}"]`).locator("..");
  const start = (await page.locator(`[data-handleid="${handles.bufferMemoryOut}"]`).boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + 80, start.y - 40, { steps: 5 });
  await expect(anchorRow(handles.chainModelIn)).toHaveClass(/opacity-30/);
  await expect(anchorRow(handles.chainMemoryIn)).not.toHaveClass(/opacity-30/);
  await page.mouse.up();
  await expect(anchorRow(handles.chainModelIn)).not.toHaveClass(/opacity-30/);

  await connect(page, handles.bufferMemoryOut, handles.chainModelIn);
  await expect(page.getByTestId("toast-error")).toContainText(
    "Cannot connect: Chat Model accepts BaseChatModel, not BufferMemory",
  );
  await expect(page.locator(".react-flow__edge")).toHaveCount(0);
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");

  await connect(page, handles.bufferMemoryOut, handles.chainMemoryIn);
  await expect(page.locator(".react-flow__edge")).toHaveCount(1);
});

test("streams the answer into the test chat token by token and keeps the session", async ({
  page,
  member,
}) => {
  void member;
  const created = await api<Chatflow>(page, "POST", "/chatflows", {
    name: "Streaming",
    flowData: conversationFlow("mock-delay-50"),
  });
  await openCanvas(page, created.id);

  // Record every rendering of the answer bubble, to prove tokens were shown before the answer ended.
  await page.evaluate(() => {
    const seen: Array<{ streaming: string | null; text: string }> = [];
    (window as unknown as { answerRenderings: typeof seen }).answerRenderings = seen;
    new MutationObserver(() => {
      const bubble = [...document.querySelectorAll('[data-testid="chat-message-assistant"]')].pop();
      if (bubble)
        seen.push({ streaming: bubble.getAttribute("data-streaming"), text: bubble.textContent ?? "" });
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });

  const question =
    "please tell me a fairly long story about how streaming tokens travel from the model to this chat panel one by one";
  await page.getByLabel("Message").fill(question);
  await page.getByRole("button", { name: "Send" }).click();

  const answer = page.getByTestId("chat-message-assistant").last();
  await expect(answer).toHaveAttribute("data-streaming", "true");
  await expect(answer).toHaveAttribute("data-streaming", "false");
  await expect(answer).toHaveText(`Echo: ${question}`);
  const renderings = await page.evaluate(
    () =>
      (window as unknown as { answerRenderings: Array<{ streaming: string | null; text: string }> })
        .answerRenderings,
  );
  const partials = renderings.filter((item) => item.streaming === "true" && item.text.startsWith("Echo:"));
  expect(partials.length).toBeGreaterThan(3);
  expect(partials[0].text.length).toBeLessThan(`Echo: ${question}`.length);
  await saveScreenshot(page, "chat");

  const session = await page.getByTestId("chat-session").textContent();
  await page.getByLabel("Message").fill("and again");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("chat-message-assistant")).toHaveCount(2);
  await expect(page.getByTestId("chat-message-assistant").last()).toHaveText("Echo: and again");
  await expect(page.getByTestId("chat-session")).toHaveText(session ?? "");

  await page.getByRole("button", { name: "Clear chat" }).click();
  await expect(page.getByTestId("chat-message-assistant")).toHaveCount(0);
  await expect(page.getByTestId("chat-session")).toHaveCount(0);
});

test("shows a failing flow's error in place in the chat", async ({ page, member }) => {
  void member;
  const created = await api<Chatflow>(page, "POST", "/chatflows", {
    name: "Broken",
    flowData: conversationFlow("mock-error-500"),
  });
  await openCanvas(page, created.id);
  await page.getByLabel("Message").fill("hello");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByTestId("chat-error")).toBeVisible();
  await expect(page.getByTestId("chat-message-assistant").last()).toHaveAttribute("data-streaming", "false");
});

test("undoes and redoes, duplicates, copies and pastes, and deletes nodes", async ({ page, member }) => {
  void member;
  const created = await api<Chatflow>(page, "POST", "/chatflows", {
    name: "Editing",
    flowData: conversationFlow(),
  });
  await openCanvas(page, created.id);
  await expect(page.locator(".react-flow__node")).toHaveCount(3);

  await page.getByRole("button", { name: "Duplicate bufferMemory_0" }).click();
  await expect(page.locator(".react-flow__node")).toHaveCount(4);
  await expect(page.getByTestId("node-bufferMemory_1")).toBeVisible();

  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.locator(".react-flow__node")).toHaveCount(3);
  await page.getByRole("button", { name: "Redo" }).click();
  await expect(page.locator(".react-flow__node")).toHaveCount(4);

  await page.getByRole("button", { name: "Delete bufferMemory_1" }).click();
  await expect(page.locator(".react-flow__node")).toHaveCount(3);

  await page.getByTestId("node-chatOpenAI_0").locator("header").click();
  await page.keyboard.press("ControlOrMeta+c");
  await page.keyboard.press("ControlOrMeta+v");
  await expect(page.getByTestId("node-chatOpenAI_1")).toBeVisible();
  await page.keyboard.press("ControlOrMeta+z");
  await expect(page.getByTestId("node-chatOpenAI_1")).toHaveCount(0);

  await page.getByTestId("palette-stickyNote").click();
  await page.getByRole("textbox", { name: "Sticky note" }).fill("Remember to set a system message");
  await saveWithShortcut(page);
  const saved = JSON.parse((await api<Chatflow>(page, "GET", `/chatflows/${created.id}`)).flowData);
  expect(saved.nodes.find((node: { type: string }) => node.type === "stickyNote").data.inputs.note).toBe(
    "Remember to set a system message",
  );
});

test("warns before leaving with unsaved changes and when someone else saved meanwhile", async ({
  page,
  member,
}) => {
  void member;
  const created = await api<Chatflow>(page, "POST", "/chatflows", {
    name: "Shared",
    flowData: conversationFlow(),
  });
  await openCanvas(page, created.id);
  await page.getByTestId("node-chatOpenAI_0").getByLabel("Model Name").fill("mine");
  await expect(page.getByTestId("save-status")).toHaveText("Unsaved changes");

  // Leaving through an in-app link asks first; dismissing keeps the page.
  const asked = new Promise<string>((resolve) =>
    page.once("dialog", (dialog) => {
      resolve(dialog.message());
      void dialog.dismiss();
    }),
  );
  await page.getByRole("link", { name: "Back to chatflows" }).click();
  expect(await asked).toContain("unsaved changes");
  await expect(page).toHaveURL(new RegExp(`/chatflows/${created.id}$`));

  // Another tab saves; our save is held back with a warning until we choose to overwrite.
  await api(page, "PUT", `/chatflows/${created.id}`, { name: "Shared (renamed elsewhere)" });
  await page.keyboard.press("ControlOrMeta+s");
  await expect(page.getByTestId("remote-change-warning")).toContainText("Someone else saved this chatflow");
  await expect(page.getByTestId("save-status")).toHaveText("Unsaved changes");
  await page.getByTestId("remote-change-warning").getByRole("button", { name: "Overwrite" }).click();
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
  await expect(page.getByTestId("remote-change-warning")).toHaveCount(0);
  const saved = await api<Chatflow>(page, "GET", `/chatflows/${created.id}`);
  expect(JSON.parse(saved.flowData).nodes[0].data.inputs.modelName).toBe("mine");
});

test("keeps the canvas, palette, chat and toolbar usable on a 1024 px laptop screen", async ({
  page,
  member,
}) => {
  void member;
  await page.setViewportSize({ width: 1024, height: 640 });
  const created = await api<Chatflow>(page, "POST", "/chatflows", {
    name: "Small screen",
    flowData: conversationFlow(),
  });
  await openCanvas(page, created.id);
  for (const control of [
    page.getByRole("button", { name: "Save", exact: true }),
    page.getByRole("button", { name: "Settings" }),
    page.getByLabel("Search nodes"),
    page.getByLabel("Message"),
  ]) {
    await expect(control).toBeInViewport();
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole("button", { name: "Arrange" }).click();
  await expect(page.locator(".react-flow__node").first()).toBeInViewport();
});
