import { parseApiConfig } from "@/lib/chatflows/schema";
import { log } from "@/lib/log";

// What predictions read of a chatflow's `apiConfig` (API.md "Chatflow"). The row was validated on
// write (lib/chatflows/schema.ts); a row that no longer parses (edited by hand, older format) means
// "no limit, overrides allowed" rather than a broken chatflow.

export interface PredictionRateLimit {
  limitMax: number;
  limitDurationS: number;
  limitMsg?: string;
}

export interface PredictionApiConfig {
  /** Null when the chatflow has no active limit. */
  rateLimit: PredictionRateLimit | null;
  isOverrideAllowed: boolean;
}

export function readPredictionApiConfig(apiConfig: string | null | undefined): PredictionApiConfig {
  const fallback: PredictionApiConfig = { rateLimit: null, isOverrideAllowed: true };
  let parsed: ReturnType<typeof parseApiConfig>;
  try {
    parsed = parseApiConfig(apiConfig?.trim() ? apiConfig : null);
  } catch {
    log.warn("chatflow apiConfig does not parse; ignoring it");
    return fallback;
  }
  if (!parsed) return fallback;
  const { rateLimit, overrideConfig } = parsed;
  const isActive =
    rateLimit?.status === true && rateLimit.limitMax !== undefined && rateLimit.limitDuration !== undefined;
  return {
    rateLimit: isActive
      ? {
          limitMax: rateLimit.limitMax!,
          limitDurationS: rateLimit.limitDuration!,
          limitMsg: rateLimit.limitMsg?.trim() || undefined,
        }
      : null,
    isOverrideAllowed: overrideConfig?.status !== false,
  };
}
