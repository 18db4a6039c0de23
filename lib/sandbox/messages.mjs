// @ts-check
// The error texts a tool run can end with; shared by the engine (JavaScript) and the app side.

export const sandboxMessages = {
  /** @param {number} ms */
  timeout: (ms) => `Tool timed out after ${ms} ms`,
  /** @param {number} mb */
  memory: (mb) => `Tool exceeded its ${mb} MB memory limit`,
  cancelled: "Tool run was cancelled",
  processStopped: "The sandbox process stopped while the tool was running (it restarts by itself)",
  /** @param {string} reason */
  inputNotCopyable: (reason) => `Tool input cannot be copied into the sandbox: ${reason}`,
};
