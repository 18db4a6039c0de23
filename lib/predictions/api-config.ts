import { z } from "zod";
import { log } from "@/lib/log";

// The parts of a chatflow's `apiConfig` (a JSON string, API.md "Chatflow") that predictions read.
// Lenient on purpose: the row was validated when written, and Flowise exports store numbers as
// strings ("limitMax": "5"). What cannot be read falls back to "no limit, overrides allowed".

const number = z.union([z.number(), z.string().trim().regex(/^\d+(\.\d+)?$/).transform(Number)]);

const rateLimitSchema = z.object({
  status: z.boolean().optional(),
  limitMax: number.optional(),
  limitDuration: number.optional(),
  limitMsg: z.string().optional(),
});

const apiConfigSchema = z.object({
  rateLimit: rateLimitSchema.optional().catch(undefined),
  overrideConfig: z.object({ status: z.boolean().optional() }).optional().catch(undefined),
});

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
  if (!apiConfig || apiConfig.trim() === "") return fallback;
  let raw: unknown;
  try {
    raw = JSON.parse(apiConfig);
  } catch {
    log.warn("chatflow apiConfig is not JSON; ignoring it");
    return fallback;
  }
  const parsed = apiConfigSchema.safeParse(raw);
  if (!parsed.success) return fallback;
  const { rateLimit, overrideConfig } = parsed.data;
  const isActive =
    rateLimit?.status === true &&
    rateLimit.limitMax !== undefined &&
    rateLimit.limitDuration !== undefined &&
    rateLimit.limitMax >= 1 &&
    rateLimit.limitDuration >= 1;
  return {
    rateLimit: isActive
      ? {
          limitMax: Math.floor(rateLimit.limitMax!),
          limitDurationS: Math.ceil(rateLimit.limitDuration!),
          limitMsg: rateLimit.limitMsg?.trim() || undefined,
        }
      : null,
    isOverrideAllowed: overrideConfig?.status !== false,
  };
}
