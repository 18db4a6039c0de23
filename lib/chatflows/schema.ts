import { z } from "zod";

// Validation of chatflow bodies (API.md "Chatflow") and of the JSON-in-text columns of ChatFlow:
// flowData, chatbotConfig and apiConfig are stored as the strings the client sent, once they pass here.

export const chatflowTypes = ["CHATFLOW", "AGENTFLOW", "MULTIAGENT", "ASSISTANT"] as const;
export type ChatflowType = (typeof chatflowTypes)[number];

// ---------------------------------------------------------------------------------------------
// flowData

export interface FlowNode {
  id: string;
  type?: string;
  data?: { name?: string; category?: string; inputs?: Record<string, unknown>; [key: string]: unknown };
  [key: string]: unknown;
}

export interface FlowEdge {
  source: string;
  target: string;
  [key: string]: unknown;
}

export interface FlowData {
  nodes: FlowNode[];
  edges: FlowEdge[];
  viewport?: unknown;
}

const flowDataMessage = "flowData must be a JSON string with nodes and edges arrays";

/** The structural problem of a flowData string, or null when it is usable. */
export function findFlowDataProblem(text: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return flowDataMessage;
  }
  if (!isRecord(value) || !Array.isArray(value.nodes) || !Array.isArray(value.edges)) return flowDataMessage;
  const badNode = value.nodes.findIndex((node) => !isRecord(node) || typeof node.id !== "string");
  if (badNode >= 0) return `flowData.nodes[${badNode}] must be an object with a string id`;
  const badEdge = value.edges.findIndex(
    (edge) => !isRecord(edge) || typeof edge.source !== "string" || typeof edge.target !== "string",
  );
  if (badEdge >= 0) return `flowData.edges[${badEdge}] must be an object with string source and target`;
  return null;
}

/** Parses a stored flowData string; null when it is not a usable flow. */
export function parseFlowData(text: string): FlowData | null {
  if (findFlowDataProblem(text) !== null) return null;
  return JSON.parse(text) as FlowData;
}

const flowData = z
  .string({ error: (issue) => (issue.input === undefined ? "flowData is required" : flowDataMessage) })
  .superRefine((text, context) => {
    const problem = findFlowDataProblem(text);
    if (problem) context.addIssue({ code: "custom", message: problem });
  });

// ---------------------------------------------------------------------------------------------
// chatbotConfig: UI settings of the chatbot (Flowise's shape). Well-known keys are type-checked;
// other keys are kept, so settings of newer widgets survive a round trip.

const text = (name: string) => z.string({ error: `${name} must be a string` }).optional();
const flag = (name: string) => z.boolean({ error: `${name} must be a boolean` }).optional();

const messageStyle = (name: string) =>
  z
    .looseObject(
      {
        backgroundColor: text(`${name}.backgroundColor`),
        textColor: text(`${name}.textColor`),
        avatarSrc: text(`${name}.avatarSrc`),
        showAvatar: flag(`${name}.showAvatar`),
      },
      { error: `${name} must be an object` },
    )
    .optional();

const starterPrompt = z.union([z.string(), z.looseObject({ prompt: z.string() })], {
  error: "starterPrompts entries must be strings or {prompt} objects",
});

export const chatbotConfigSchema = z.looseObject(
  {
    title: text("title"),
    titleAvatarSrc: text("titleAvatarSrc"),
    titleBackgroundColor: text("titleBackgroundColor"),
    titleTextColor: text("titleTextColor"),
    welcomeMessage: text("welcomeMessage"),
    errorMessage: text("errorMessage"),
    backgroundColor: text("backgroundColor"),
    fontSize: z
      .number({ error: "fontSize must be a number" })
      .positive("fontSize must be positive")
      .optional(),
    poweredByTextColor: text("poweredByTextColor"),
    botMessage: messageStyle("botMessage"),
    userMessage: messageStyle("userMessage"),
    textInput: z
      .looseObject(
        {
          placeholder: text("textInput.placeholder"),
          backgroundColor: text("textInput.backgroundColor"),
          textColor: text("textInput.textColor"),
          sendButtonColor: text("textInput.sendButtonColor"),
          maxChars: z
            .number({ error: "textInput.maxChars must be a number" })
            .int("textInput.maxChars must be an integer")
            .positive("textInput.maxChars must be positive")
            .optional(),
          maxCharsWarningMessage: text("textInput.maxCharsWarningMessage"),
          autoFocus: flag("textInput.autoFocus"),
          sendMessageSound: flag("textInput.sendMessageSound"),
          receiveMessageSound: flag("textInput.receiveMessageSound"),
        },
        { error: "textInput must be an object" },
      )
      .optional(),
    // Flowise stores starter prompts as {"0": {"prompt": "..."}, ...}; a plain array is accepted too.
    starterPrompts: z
      .union([z.array(starterPrompt), z.record(z.string(), starterPrompt)], {
        error: "starterPrompts must be an array or an object of {prompt} entries",
      })
      .optional(),
    renderHTML: flag("renderHTML"),
    generateNewSession: flag("generateNewSession"),
  },
  { error: "chatbotConfig must be a JSON object" },
);

export type ChatbotConfig = z.infer<typeof chatbotConfigSchema>;

// ---------------------------------------------------------------------------------------------
// apiConfig: rate limit and whether overrideConfig is honoured. Read by the prediction layer.

// Flowise's UI saved these numbers as strings ("10"); both forms are accepted.
const positiveCount = (name: string) =>
  z
    .union([z.number(), z.string().regex(/^\d+$/)], { error: `${name} must be a positive integer` })
    .transform(Number)
    .pipe(
      z.number().int(`${name} must be a positive integer`).positive(`${name} must be a positive integer`),
    );

const rateLimitSchema = z
  .looseObject(
    {
      status: z.boolean({ error: "rateLimit.status must be a boolean" }),
      limitMax: positiveCount("rateLimit.limitMax").optional(),
      limitDuration: positiveCount("rateLimit.limitDuration").optional(),
      limitMsg: z.string({ error: "rateLimit.limitMsg must be a string" }).optional(),
    },
    { error: "rateLimit must be an object" },
  )
  .superRefine((rateLimit, context) => {
    if (!rateLimit.status) return;
    for (const key of ["limitMax", "limitDuration"] as const) {
      if (rateLimit[key] === undefined) {
        context.addIssue({
          code: "custom",
          path: [key],
          message: `rateLimit.${key} is required when status is true`,
        });
      }
    }
  });

export const apiConfigSchema = z.looseObject(
  {
    rateLimit: rateLimitSchema.optional(),
    overrideConfig: z
      .looseObject(
        { status: z.boolean({ error: "overrideConfig.status must be a boolean" }) },
        { error: "overrideConfig must be an object" },
      )
      .optional(),
  },
  { error: "apiConfig must be a JSON object" },
);

export type ApiConfig = z.infer<typeof apiConfigSchema>;

/** A JSON-object-in-a-string field: null, or a string whose parsed value fits `schema`. */
function jsonTextField(name: string, schema: z.ZodType) {
  const shape = `${name} must be null or a JSON string of an object`;
  return z
    .string({ error: shape })
    .nullable()
    .superRefine((value, context) => {
      if (value === null) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        return context.addIssue({ code: "custom", message: shape });
      }
      if (!isRecord(parsed)) return context.addIssue({ code: "custom", message: shape });
      const result = schema.safeParse(parsed);
      if (result.success) return;
      for (const issue of result.error.issues) {
        context.addIssue({ code: "custom", path: issue.path, message: issue.message });
      }
    });
}

/** The stored apiConfig, parsed for the prediction layer (numbers as numbers); null when none. */
export function parseApiConfig(value: string | null): ApiConfig | null {
  if (value === null || value === "") return null;
  // Stored values were validated on write, so a failure here means the row was edited by hand.
  return apiConfigSchema.parse(JSON.parse(value));
}

/** The stored chatbotConfig, parsed; null when none. */
export function parseChatbotConfig(value: string | null): ChatbotConfig | null {
  if (value === null || value === "") return null;
  return chatbotConfigSchema.parse(JSON.parse(value));
}

// ---------------------------------------------------------------------------------------------
// allowedOrigins

/** `https://shop.example.com:8443` for a bare http(s) origin (a trailing `/` is tolerated); else null. */
export function normalizeOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  // Only scheme://host[:port] with an optional trailing "/": no credentials, path, query or fragment
  // (`new URL` would accept and drop an empty "?" or "#", so the text itself is checked too).
  if (url.username || url.password || !/^https?:\/\/[^/?#@]+\/?$/i.test(value.trim())) return null;
  if (!/^(\[[0-9a-f:.]+\]|[a-z0-9-]+(\.[a-z0-9-]+)*)$/.test(url.hostname)) return null;
  return url.origin;
}

const allowedOrigins = z
  .array(z.string({ error: "allowedOrigins entries must be strings" }), {
    error: "allowedOrigins must be an array of origins",
  })
  .max(100, "allowedOrigins can list at most 100 origins")
  .transform((entries, context) => {
    const origins: string[] = [];
    entries.forEach((entry, index) => {
      const origin = normalizeOrigin(entry);
      if (origin === null) {
        context.addIssue({
          code: "custom",
          path: [index],
          message: `allowedOrigins[${index}] "${entry}" is not an origin (scheme://host[:port], http or https)`,
        });
      } else if (!origins.includes(origin)) {
        origins.push(origin);
      }
    });
    return origins;
  });

// ---------------------------------------------------------------------------------------------
// Bodies

/** `a; b;;c ` → `a;b;c`; empty → null. Stored normalised so the category filter can match exactly. */
export function normalizeCategory(value: string | null): string | null {
  if (value === null) return null;
  const parts = value
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.length > 0 ? parts.join(";") : null;
}

const fieldShape = {
  name: z
    .string({ error: (issue) => (issue.input === undefined ? "name is required" : "name must be a string") })
    .trim()
    .min(1, "name is required")
    .max(200, "name must be at most 200 characters"),
  flowData,
  deployed: z.boolean({ error: "deployed must be a boolean" }),
  isPublic: z.boolean({ error: "isPublic must be a boolean" }),
  isStreaming: z.boolean({ error: "isStreaming must be a boolean" }),
  apikeyid: z
    .string({ error: "apikeyid must be a string or null" })
    .nullable()
    .transform((value) => (value === null || value.trim() === "" ? null : value.trim())),
  type: z.enum(chatflowTypes, { error: `type must be one of ${chatflowTypes.join(", ")}` }),
  category: z
    .string({ error: "category must be a string or null" })
    .max(1000, "category must be at most 1000 characters")
    .nullable()
    .transform(normalizeCategory),
  chatbotConfig: jsonTextField("chatbotConfig", chatbotConfigSchema),
  apiConfig: jsonTextField("apiConfig", apiConfigSchema),
  allowedOrigins,
};

// Set by the server: accepted in bodies (so a fetched chatflow can be sent back) and ignored.
// Flowise's analytic/speechToText/followUpPrompts/textToSpeech columns are not implemented; Flowise
// clients send them, so they are ignored the same way rather than rejected.
const ignoredShape = {
  id: z.unknown(),
  workspaceId: z.unknown(),
  createdDate: z.unknown(),
  updatedDate: z.unknown(),
  analytic: z.unknown(),
  speechToText: z.unknown(),
  textToSpeech: z.unknown(),
  followUpPrompts: z.unknown(),
};
type IgnoredKey = keyof typeof ignoredShape;

function withoutIgnored<T extends Record<string, unknown>>(body: T): Omit<T, IgnoredKey> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (!(key in ignoredShape) && value !== undefined) kept[key] = value;
  }
  return kept as Omit<T, IgnoredKey>;
}

const optionalIgnored = z.object(ignoredShape).partial().shape;

export const createChatflowBody = z
  .strictObject({
    ...optionalIgnored,
    name: fieldShape.name,
    flowData: fieldShape.flowData,
    deployed: fieldShape.deployed.default(false),
    isPublic: fieldShape.isPublic.default(false),
    isStreaming: fieldShape.isStreaming.default(true),
    apikeyid: fieldShape.apikeyid.optional().transform((value) => value ?? null),
    type: fieldShape.type.default("CHATFLOW"),
    category: fieldShape.category.optional().transform((value) => value ?? null),
    chatbotConfig: fieldShape.chatbotConfig.default(null),
    apiConfig: fieldShape.apiConfig.default(null),
    allowedOrigins: fieldShape.allowedOrigins.default([]),
  })
  .transform(withoutIgnored);

export const updateChatflowBody = z
  .strictObject({ ...optionalIgnored, ...z.object(fieldShape).partial().shape })
  .transform(withoutIgnored);

export type CreateChatflowInput = z.infer<typeof createChatflowBody>;
export type UpdateChatflowInput = z.infer<typeof updateChatflowBody>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
