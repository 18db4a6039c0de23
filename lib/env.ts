import { z } from "zod";

// The only reader of process.env: every setting is parsed and validated once, here.

const flag = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((value) =>
      value === undefined || value === "" ? fallback : value === "true" || value === "1",
    );

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== "" ? value.trim() : undefined));

// An empty value means "not set", as it does for every other setting.
const positiveInt = (fallback: number) =>
  z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.coerce.number().int().positive().default(fallback),
  );

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: optionalText,
  DATA_DIR: z.string().default(".data"),
  REDIS_URL: optionalText,
  UPSTASH_REDIS_REST_URL: optionalText,
  UPSTASH_REDIS_REST_TOKEN: optionalText,
  CHROMA_URL: optionalText,
  CHROMA_API_KEY: optionalText,
  AUTH_SECRET: optionalText,
  ENCRYPTION_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, "ENCRYPTION_KEY must be 32 bytes written as 64 hex characters")
      .optional(),
  ),
  JWT_EXPIRES_IN_HOURS: positiveInt(12),
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: optionalText,
  SIGNUP_ENABLED: flag(true),
  AUTH_RATE_LIMIT_PER_MIN: positiveInt(20),
  DEFAULT_MAX_CHATFLOWS: optionalText
    .transform((value) => (value === undefined ? undefined : Number(value)))
    .pipe(z.number().int().nonnegative().optional()),
  MAX_TOKENS_LIMIT: positiveInt(4096),
  MAX_UPLOAD_MB: positiveInt(50),
  MAX_JSON_BODY_MB: positiveInt(5),
  TOOL_FETCH_ALLOW: optionalText.transform((value) =>
    (value ?? "")
      .split(",")
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
  ),
  TOOL_TIMEOUT_MS: positiveInt(10_000),
  TOOL_MEMORY_MB: positiveInt(64),
  ALLOW_PRIVATE_WEBHOOKS: flag(false),
  TRUST_PROXY: flag(false),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  LOG_CONTENT: flag(false),
  VERCEL: optionalText,
});

export type Env = z.infer<typeof envSchema>;

function parseEnv(): Env {
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  return parsed.data;
}

export const env: Env = parseEnv();

/** Hosted (Vercel) mode: no local files, no child processes, secrets from the environment only. */
export const isHosted = env.VERCEL !== undefined;

/**
 * Settings a hosted deployment must provide, because it cannot fall back to embedded services or
 * generate secrets into local files. Empty outside hosted mode.
 */
export function missingHostedSettings(settings: Env = env): string[] {
  if (settings.VERCEL === undefined) return [];
  const required: Array<[string, unknown]> = [
    ["DATABASE_URL", settings.DATABASE_URL],
    ["AUTH_SECRET", settings.AUTH_SECRET],
    ["ENCRYPTION_KEY", settings.ENCRYPTION_KEY],
    ["CHROMA_URL", settings.CHROMA_URL],
    [
      "UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN (or REDIS_URL)",
      (settings.UPSTASH_REDIS_REST_URL && settings.UPSTASH_REDIS_REST_TOKEN) || settings.REDIS_URL,
    ],
  ];
  return required.filter(([, value]) => !value).map(([name]) => name);
}
