import "server-only";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { getRateLimiter } from "@/lib/rate-limit";

export interface DependencyHealth {
  status: "ok" | "error";
  latencyMs: number;
  backend?: string;
  error?: string;
}

const CHECK_TIMEOUT_MS = 2_000;

/** Checks each dependency in parallel, each with its own time limit. */
export async function checkHealth() {
  const limiter = getRateLimiter();
  const [database, redis, chroma] = await Promise.all([
    check(async () => void (await (await getDb()).$queryRaw`SELECT 1`)),
    check(() => limiter.ping(), limiter.backend),
    env.CHROMA_URL ? check(() => pingChroma(env.CHROMA_URL!)) : Promise.resolve(undefined),
  ]);
  const dependencies = { database, redis, ...(chroma ? { chroma } : {}) };
  const healthy = Object.values(dependencies).every((dependency) => dependency.status === "ok");
  return { status: healthy ? "ok" : "error", dependencies } as const;
}

async function check(probe: () => Promise<void>, backend?: string): Promise<DependencyHealth> {
  const started = performance.now();
  const latency = () => Math.round((performance.now() - started) * 10) / 10;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)),
          CHECK_TIMEOUT_MS,
        );
      }),
    ]);
    return { status: "ok", latencyMs: latency(), ...(backend ? { backend } : {}) };
  } catch (error) {
    return {
      status: "error",
      latencyMs: latency(),
      ...(backend ? { backend } : {}),
      error: (error as Error).message,
    };
  } finally {
    clearTimeout(timer);
  }
}

async function pingChroma(url: string) {
  const response = await fetch(new URL("/api/v2/heartbeat", url), {
    headers: env.CHROMA_API_KEY ? { "x-chroma-token": env.CHROMA_API_KEY } : undefined,
    signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`Chroma answered ${response.status}`);
}
