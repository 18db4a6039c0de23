// The JSON-in-text settings of a chatflow (API.md "Chatflow": chatbotConfig and apiConfig), read into
// form values and written back without dropping keys the form does not know.

type Raw = Record<string, unknown>;
const isRecord = (value: unknown): value is Raw =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export function parseJsonObject(text: string | null): Raw {
  if (!text) return {};
  try {
    const value = JSON.parse(text);
    return isRecord(value) ? value : {};
  } catch {
    return {};
  }
}

export interface Appearance {
  title: string;
  welcomeMessage: string;
  titleBackgroundColor: string;
  titleTextColor: string;
  backgroundColor: string;
  botMessageBackgroundColor: string;
  botMessageTextColor: string;
  userMessageBackgroundColor: string;
  userMessageTextColor: string;
  sendButtonColor: string;
  placeholder: string;
  starterPrompts: string[];
}

const text = (value: unknown, fallback: string) => (typeof value === "string" && value ? value : fallback);

/** Flowise stores starter prompts as {"0": {"prompt": "..."}}; arrays of strings are accepted too. */
function readStarterPrompts(value: unknown): string[] {
  const entries = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : [];
  return entries
    .map((entry) =>
      typeof entry === "string"
        ? entry
        : isRecord(entry) && typeof entry.prompt === "string"
          ? entry.prompt
          : "",
    )
    .filter(Boolean);
}

export function readAppearance(chatbotConfig: string | null): Appearance {
  const config = parseJsonObject(chatbotConfig);
  const bot = isRecord(config.botMessage) ? config.botMessage : {};
  const user = isRecord(config.userMessage) ? config.userMessage : {};
  const input = isRecord(config.textInput) ? config.textInput : {};
  return {
    title: text(config.title, ""),
    welcomeMessage: text(config.welcomeMessage, ""),
    titleBackgroundColor: text(config.titleBackgroundColor, "#4f46e5"),
    titleTextColor: text(config.titleTextColor, "#ffffff"),
    backgroundColor: text(config.backgroundColor, "#ffffff"),
    botMessageBackgroundColor: text(bot.backgroundColor, "#f1f5f9"),
    botMessageTextColor: text(bot.textColor, "#0f172a"),
    userMessageBackgroundColor: text(user.backgroundColor, "#4f46e5"),
    userMessageTextColor: text(user.textColor, "#ffffff"),
    sendButtonColor: text(input.sendButtonColor, "#4f46e5"),
    placeholder: text(input.placeholder, ""),
    starterPrompts: readStarterPrompts(config.starterPrompts),
  };
}

/** chatbotConfig with the appearance applied over the stored value (unknown keys kept). */
export function writeAppearance(chatbotConfig: string | null, appearance: Appearance): string {
  const config = parseJsonObject(chatbotConfig);
  const nested = (key: string) => (isRecord(config[key]) ? (config[key] as Raw) : {});
  const prompts = appearance.starterPrompts.map((prompt) => prompt.trim()).filter(Boolean);
  const next: Raw = {
    ...config,
    title: appearance.title,
    welcomeMessage: appearance.welcomeMessage,
    titleBackgroundColor: appearance.titleBackgroundColor,
    titleTextColor: appearance.titleTextColor,
    backgroundColor: appearance.backgroundColor,
    botMessage: {
      ...nested("botMessage"),
      backgroundColor: appearance.botMessageBackgroundColor,
      textColor: appearance.botMessageTextColor,
    },
    userMessage: {
      ...nested("userMessage"),
      backgroundColor: appearance.userMessageBackgroundColor,
      textColor: appearance.userMessageTextColor,
    },
    textInput: {
      ...nested("textInput"),
      sendButtonColor: appearance.sendButtonColor,
      placeholder: appearance.placeholder,
    },
    starterPrompts: Object.fromEntries(prompts.map((prompt, index) => [String(index), { prompt }])),
  };
  return JSON.stringify(next);
}

export interface AccessSettings {
  rateLimitEnabled: boolean;
  limitMax: string;
  limitDuration: string;
  limitMsg: string;
  allowOverrides: boolean;
}

export function readAccess(apiConfig: string | null): AccessSettings {
  const config = parseJsonObject(apiConfig);
  const rateLimit = isRecord(config.rateLimit) ? config.rateLimit : {};
  const override = isRecord(config.overrideConfig) ? config.overrideConfig : {};
  return {
    rateLimitEnabled: rateLimit.status === true,
    limitMax: rateLimit.limitMax === undefined ? "" : String(rateLimit.limitMax),
    limitDuration: rateLimit.limitDuration === undefined ? "" : String(rateLimit.limitDuration),
    limitMsg: typeof rateLimit.limitMsg === "string" ? rateLimit.limitMsg : "",
    allowOverrides: override.status !== false,
  };
}

/** apiConfig with the access settings applied; numbers are sent as numbers. */
export function writeAccess(apiConfig: string | null, access: AccessSettings): string {
  const config = parseJsonObject(apiConfig);
  const rateLimit: Raw = { status: access.rateLimitEnabled };
  if (access.limitMax.trim()) rateLimit.limitMax = Number(access.limitMax);
  if (access.limitDuration.trim()) rateLimit.limitDuration = Number(access.limitDuration);
  if (access.limitMsg.trim()) rateLimit.limitMsg = access.limitMsg.trim();
  return JSON.stringify({
    ...config,
    rateLimit,
    overrideConfig: {
      ...(isRecord(config.overrideConfig) ? config.overrideConfig : {}),
      status: access.allowOverrides,
    },
  });
}

/** One origin per line (or comma-separated) → the list the API stores. */
export const parseOrigins = (value: string) =>
  value
    .split(/[\n,]+/)
    .map((origin) => origin.trim())
    .filter(Boolean);
