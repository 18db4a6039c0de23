import "server-only";
import { serviceUnavailable } from "@/lib/api/errors";
import type { FlowRunner } from "./predict";

// Placeholder until the engine branch (runChatflow, canStreamFlow, validateFlow) is merged.
export const engineRunner: FlowRunner = {
  async prepare() {
    throw serviceUnavailable("The flow engine is not available in this build");
  },
  async run() {
    throw serviceUnavailable("The flow engine is not available in this build");
  },
};
