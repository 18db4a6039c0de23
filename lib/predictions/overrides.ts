import { z } from "zod";
import { validate } from "@/lib/api/body";
import { env } from "@/lib/env";

// `overrideConfig` of a prediction (API.md "Prediction"). A few keys belong to the HTTP layer
// (sessionId, webhookUrl, webhookMethod); the rest is handed to the flow, where each key sets the
// node input of that name (temperature, maxTokens, systemMessage, …).

export type WebhookMethod = "POST" | "PUT" | "PATCH";

export interface PredictionOverrides {
  sessionId?: string;
  webhook?: { url: string; method: WebhookMethod };
  /** Node inputs by name (or by node id, then name), maxTokens capped by MAX_TOKENS_LIMIT. */
  nodeOverrides: Record<string, unknown>;
  /** The caller sent overrides but the chatflow disables them (apiConfig.overrideConfig.status false). */
  isIgnored: boolean;
}

const numeric = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

// A value for every node that has the input, or `{"<nodeId>": value}` for some nodes only.
const everywhereOrPerNode = <T extends z.ZodType>(value: T) => z.union([value, z.record(z.string(), value)]);

const knownKeys = z
  .object({
    sessionId: z.string().trim().min(1).max(255).optional(),
    temperature: everywhereOrPerNode(numeric.pipe(z.number().min(0).max(2))).optional(),
    maxTokens: everywhereOrPerNode(numeric.pipe(z.number().int().positive())).optional(),
    systemMessage: z.string().optional(),
    webhookUrl: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
    webhookMethod: z
      .string()
      .transform((value) => value.toUpperCase())
      .pipe(z.enum(["POST", "PUT", "PATCH"]))
      .optional(),
  })
  .loose();

// Keys that would reach an object's prototype when the engine assigns inputs by name.
const unsafeKeys = new Set(["__proto__", "constructor", "prototype"]);

/**
 * What a prediction may change. When the chatflow disables overrides they are ignored, not
 * refused: API.md says they are "honoured unless" disabled, and clients written for Flowise
 * (which ignores them too) keep working. The response says so in `X-Override-Config: ignored`.
 */
export function resolveOverrides(
  raw: Record<string, unknown>,
  isAllowed: boolean,
  maxTokensLimit = env.MAX_TOKENS_LIMIT,
): PredictionOverrides {
  const isEmpty = Object.keys(raw).length === 0;
  if (!isAllowed || isEmpty) return { nodeOverrides: {}, isIgnored: !isAllowed && !isEmpty };

  const parsed = validate(
    z.object({ overrideConfig: knownKeys }),
    { overrideConfig: raw },
    "Invalid request body",
  ).overrideConfig;
  const { sessionId, webhookUrl, webhookMethod, maxTokens, ...rest } = parsed;
  const nodeOverrides: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (!unsafeKeys.has(key) && value !== undefined) nodeOverrides[key] = value;
  }
  if (typeof maxTokens === "number") nodeOverrides.maxTokens = Math.min(maxTokens, maxTokensLimit);
  else if (maxTokens !== undefined) {
    nodeOverrides.maxTokens = Object.fromEntries(
      Object.entries(maxTokens).map(([nodeId, value]) => [nodeId, Math.min(value, maxTokensLimit)]),
    );
  }
  return {
    sessionId,
    webhook: webhookUrl ? { url: webhookUrl, method: webhookMethod ?? "POST" } : undefined,
    nodeOverrides,
    isIgnored: false,
  };
}
