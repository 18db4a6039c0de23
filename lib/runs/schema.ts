import { badRequest } from "@/lib/api/errors";

// The outcomes a prediction run is recorded with, and the `status` filter of the runs list.

export const runStatuses = ["success", "error", "aborted"] as const;
export type RunStatus = (typeof runStatuses)[number];

/** `?status=` of GET /chatflows/{id}/runs: one of the statuses, or absent; anything else is a 400. */
export function readRunStatusFilter(searchParams: URLSearchParams): RunStatus | undefined {
  const raw = searchParams.get("status");
  if (raw === null || raw === "") return undefined;
  if (!(runStatuses as readonly string[]).includes(raw)) {
    throw badRequest(`status must be one of ${runStatuses.join(", ")}`);
  }
  return raw as RunStatus;
}

export interface TokenCounts {
  promptTokens: number | null;
  completionTokens: number | null;
  totalTokens: number | null;
}

/** Token counts from a run's `metadata.usage` (the engine's TokenUsage); null where not reported. */
export function readTokenCounts(usage: unknown): TokenCounts {
  const fields = typeof usage === "object" && usage !== null ? (usage as Record<string, unknown>) : {};
  const count = (value: unknown) =>
    typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 2 ** 31 - 1 ? value : null;
  return {
    promptTokens: count(fields.promptTokens),
    completionTokens: count(fields.completionTokens),
    totalTokens: count(fields.totalTokens),
  };
}
