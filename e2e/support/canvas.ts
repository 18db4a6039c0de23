import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

export const handles = {
  chatOpenAIOut: "chatOpenAI_0-output-chatOpenAI-ChatOpenAI|BaseChatModel|BaseLanguageModel|Runnable",
  bufferMemoryOut: "bufferMemory_0-output-bufferMemory-BufferMemory|BaseChatMemory|BaseMemory",
  chainModelIn: "conversationChain_0-input-model-BaseChatModel",
  chainMemoryIn: "conversationChain_0-input-memory-BaseMemory",
};

/** Drags a palette entry onto the canvas at (x, y) relative to the canvas' top-left corner. */
export async function dragFromPalette(page: Page, nodeName: string, x: number, y: number) {
  await page
    .getByTestId(`palette-${nodeName}`)
    .dragTo(page.getByTestId("canvas"), { targetPosition: { x, y } });
}

/** Draws a connection with the mouse from one handle to another. */
export async function connect(page: Page, fromHandleId: string, toHandleId: string) {
  const from = page.locator(`[data-handleid="${fromHandleId}"]`);
  const to = page.locator(`[data-handleid="${toHandleId}"]`);
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error(`handle not visible: ${a ? toHandleId : fromHandleId}`);
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 30, a.y + a.height / 2 + 10, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}

export const edgeBetween = (page: Page, source: string, targetHandle: string) =>
  page.locator(`.react-flow__edge[data-id^="${source}-"][data-id$="-${targetHandle}"]`);

export async function openCanvas(page: Page, chatflowId: string) {
  await page.goto(`/chatflows/${chatflowId}`);
  await expect(page.getByTestId("canvas")).toBeVisible();
  await expect(page.locator(".react-flow__renderer")).toBeVisible();
}

/** Saves with the keyboard shortcut and waits for the confirmation. */
export async function saveWithShortcut(page: Page) {
  await page.keyboard.press("ControlOrMeta+s");
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
}
