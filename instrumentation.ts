// Runs once when a server instance starts, before it serves: connect, migrate and load secrets now,
// so a misconfiguration stops the start instead of failing the first request.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startServer } = await import("@/lib/startup");
  await startServer();
}
