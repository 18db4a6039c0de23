import { z } from "zod";

// Request bodies of the Tools API, and the tool input schema (Tool.schema): a JSON Schema object
// serialized as a string. Flowise stores a property list instead; it is accepted and converted.

export const DEFAULT_TOOL_SCHEMA = '{"type":"object","properties":{}}';

const PROPERTY_TYPES = ["string", "number", "integer", "boolean", "object", "array", "null"] as const;
// Flowise's property list also knows "date", which JSON Schema spells as a string.
const FLOWISE_TYPES = [...PROPERTY_TYPES, "date"] as const;

const jsonPrimitive = z.union([z.string(), z.number(), z.boolean(), z.null()]);

const schemaProperty = z.strictObject({
  type: z.enum(PROPERTY_TYPES, { error: `type must be one of ${PROPERTY_TYPES.join(", ")}` }).optional(),
  description: z.string({ error: "description must be a string" }).optional(),
  enum: z
    .array(jsonPrimitive, { error: "enum must be an array of strings, numbers, booleans or null" })
    .min(1, "enum must not be empty")
    .optional(),
  default: z.json().optional(),
});

const objectSchema = z
  .strictObject({
    type: z.literal("object", { error: 'type must be "object"' }),
    properties: z.record(z.string().min(1, "property names must not be empty"), schemaProperty).default({}),
    required: z.array(z.string(), { error: "required must be an array of property names" }).optional(),
  })
  .superRefine((schema, context) => {
    const seen = new Set<string>();
    for (const [index, name] of (schema.required ?? []).entries()) {
      if (!Object.hasOwn(schema.properties, name)) {
        context.addIssue({
          code: "custom",
          path: ["required", index],
          message: `${name} is not one of the properties`,
        });
      } else if (seen.has(name)) {
        context.addIssue({ code: "custom", path: ["required", index], message: `${name} is listed twice` });
      }
      seen.add(name);
    }
  });

export type ToolInputSchema = z.infer<typeof objectSchema>;

const flowiseRow = z.object({
  property: z.string({ error: "property is required" }).trim().min(1, "property is required"),
  type: z
    .string({ error: "type is required" })
    .transform((type) => type.toLowerCase())
    .pipe(z.enum(FLOWISE_TYPES, { error: `type must be one of ${FLOWISE_TYPES.join(", ")}` })),
  description: z.string({ error: "description must be a string" }).optional(),
  required: z.boolean({ error: "required must be true or false" }).optional(),
});

function fromFlowiseRows(
  rows: z.infer<typeof flowiseRow>[],
  context: z.RefinementCtx,
): ToolInputSchema | null {
  const properties: ToolInputSchema["properties"] = {};
  const required: string[] = [];
  for (const [index, row] of rows.entries()) {
    if (Object.hasOwn(properties, row.property)) {
      context.addIssue({
        code: "custom",
        path: [index, "property"],
        message: `${row.property} is listed twice`,
      });
      return null;
    }
    properties[row.property] = {
      type: row.type === "date" ? "string" : row.type,
      ...(row.description ? { description: row.description } : {}),
    };
    if (row.required) required.push(row.property);
  }
  return { type: "object", properties, ...(required.length > 0 ? { required } : {}) };
}

/**
 * Tool.schema as sent: a JSON string of an object schema or of Flowise's property list, or that list
 * itself; null means the default. The result is the object schema, serialized compactly.
 */
export const toolSchemaField = z
  .union([z.string(), z.array(z.unknown()), z.null()], {
    error: "schema must be a JSON Schema serialized as a string",
  })
  .transform((value, context): string => {
    if (value === null) return DEFAULT_TOOL_SCHEMA;
    let parsed: unknown = value;
    if (typeof value === "string") {
      try {
        parsed = JSON.parse(value);
      } catch {
        context.addIssue({ code: "custom", message: "schema is not valid JSON" });
        return z.NEVER;
      }
    }
    if (Array.isArray(parsed)) {
      const rows = z.array(flowiseRow).safeParse(parsed);
      if (!rows.success) return reportIssues(rows.error, context);
      const converted = fromFlowiseRows(rows.data, context);
      return converted ? JSON.stringify(converted) : z.NEVER;
    }
    if (parsed === null || typeof parsed !== "object") {
      context.addIssue({
        code: "custom",
        message: 'schema must be a JSON object such as {"type":"object","properties":{}}',
      });
      return z.NEVER;
    }
    const schema = objectSchema.safeParse(parsed);
    if (!schema.success) return reportIssues(schema.error, context);
    return JSON.stringify(schema.data);
  });

function reportIssues(error: z.ZodError, context: z.RefinementCtx): never {
  for (const issue of error.issues) {
    context.addIssue({ code: "custom", path: issue.path as PropertyKey[], message: issue.message });
  }
  return z.NEVER;
}

/** A serialized schema already stored or validated; parsing it again cannot fail. */
export function parseToolSchema(schema: string): ToolInputSchema {
  return objectSchema.parse(JSON.parse(schema));
}

/** Names of the schema's required properties that `input` lacks (a loose check before a test run). */
export function missingRequiredInputs(schema: string, input: Record<string, unknown>): string[] {
  return (parseToolSchema(schema).required ?? []).filter(
    (name) => input[name] === undefined || input[name] === null,
  );
}

const requiredString = (field: string) =>
  z.string({
    error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`),
  });

const name = requiredString("name")
  .trim()
  .min(1, "name is required")
  .max(100, "name must be at most 100 characters");
const description = requiredString("description").trim().min(1, "description is required");
const func = requiredString("func").refine((code) => code.trim() !== "", "func is required");
const color = z
  .string({ error: "color must be a colour such as #4f46e5" })
  .regex(/^#[0-9a-fA-F]{6}$/, "color must be a colour such as #4f46e5");
const iconSrc = z
  .union([z.literal("").transform(() => null), z.null(), z.string()], {
    error: "iconSrc must be an http(s) URL or null",
  })
  .pipe(
    z
      .url({ protocol: /^https?$/, error: "iconSrc must be an http(s) URL or null" })
      .max(2048, "iconSrc must be at most 2048 characters")
      .nullable(),
  );

// Fields the server sets. Flowise exports carry them, so they are accepted and ignored.
const serverFields = {
  id: z.unknown().optional(),
  workspaceId: z.unknown().optional(),
  createdDate: z.unknown().optional(),
  updatedDate: z.unknown().optional(),
};
const dropServerFields = <T extends Record<string, unknown>>(body: T) => {
  const fields: Record<string, unknown> = { ...body };
  for (const key of Object.keys(serverFields)) delete fields[key];
  return fields as Omit<T, keyof typeof serverFields>;
};

export const createToolBody = z
  .strictObject({
    name,
    description,
    color: color.optional(),
    iconSrc: iconSrc.optional(),
    schema: toolSchemaField.optional(),
    func,
    ...serverFields,
  })
  .transform(dropServerFields);

export const updateToolBody = z
  .strictObject({
    name: name.optional(),
    description: description.optional(),
    color: color.optional(),
    iconSrc: iconSrc.optional(),
    schema: toolSchemaField.optional(),
    func: func.optional(),
    ...serverFields,
  })
  .transform(dropServerFields);

/** The editor's "Test": an unsaved function, its schema and an input. Other draft fields are ignored. */
export const runToolBody = z.object({
  func,
  schema: toolSchemaField.optional(),
  input: z
    .record(z.string(), z.unknown(), { error: "input must be an object" })
    .optional()
    .transform((input) => input ?? {}),
});

export type CreateToolInput = z.infer<typeof createToolBody>;
export type UpdateToolInput = z.infer<typeof updateToolBody>;
export type RunToolInput = z.infer<typeof runToolBody>;
