// Runs once when a server instance starts, before it serves: connect, migrate and load secrets now,
// so a misconfiguration stops the start instead of failing the first request.
//
// Next only logs an error thrown here and keeps serving, failing every request. A configuration
// error (an invalid or, in hosted mode, missing setting) cannot heal, so it ends the process with
// the message naming the setting; a database that is not up yet is retried by the next request.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { stopOnConfigurationError } = await import("@/lib/startup-exit");
  let startup: typeof import("@/lib/startup");
  try {
    startup = await import("@/lib/startup"); // parses the environment (lib/env.ts)
  } catch (error) {
    return stopOnConfigurationError(error);
  }
  try {
    await startup.startServer();
  } catch (error) {
    if (error instanceof startup.ConfigurationError) stopOnConfigurationError(error);
    throw error;
  }
}
