// Kept apart from lib/startup.ts so that it still loads when parsing the environment fails.

/** Ends the process with a JSON log line naming what is wrong with the configuration. */
export function stopOnConfigurationError(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  console.error(
    JSON.stringify({
      time: new Date().toISOString(),
      level: "error",
      message: `Start-up failed: ${message}`,
    }),
  );
  process.exit(1);
}
