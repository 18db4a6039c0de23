import { route } from "@/lib/api/route";
import { checkHealth } from "@/lib/health";

export const dynamic = "force-dynamic";

/** No authentication: load balancers call it. Reports latencies and failures, never settings. */
export const GET = route(async () => {
  const health = await checkHealth();
  return Response.json(health, { status: health.status === "ok" ? 200 : 503 });
});
