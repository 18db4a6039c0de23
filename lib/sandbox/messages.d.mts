export const sandboxMessages: {
  timeout(ms: number): string;
  memory(mb: number): string;
  cancelled: string;
  processStopped: string;
  inputNotCopyable(reason: string): string;
};
