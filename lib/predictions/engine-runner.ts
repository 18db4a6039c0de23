import "server-only";
import { canStreamFlow, runChatflow, validateFlow } from "@/lib/engine";
import { ingestChatFiles } from "@/lib/upserts/ingest";
import type { FlowRunner } from "./predict";

/** The flow engine (lib/engine) behind the prediction handler's runner interface. */
export const engineRunner: FlowRunner = {
  async prepare(chatflow) {
    // canStreamFlow compiles through the engine's cache and is true only for a valid flow; only
    // otherwise is the flow compiled again, by validateFlow, to throw the 400 naming the node.
    const canStream = canStreamFlow(chatflow);
    if (!canStream) validateFlow(chatflow.flowData);
    return { canStream };
  },

  run: (input) =>
    runChatflow({
      chatflow: input.chatflow,
      question: input.question,
      chatId: input.chatId,
      sessionId: input.sessionId,
      history: input.history,
      overrideConfig: input.overrideConfig,
      uploads: input.uploads,
      files: input.files.map((file) => ({ name: file.name, mime: file.mime, data: file.bytes })),
      signal: input.signal,
      onToken: input.onToken,
    }),

  async ingestFiles({ chatflow, chatId, files, overrideConfig, signal }) {
    await ingestChatFiles(chatflow, { files, chatId, overrideConfig }, signal);
  },
};
