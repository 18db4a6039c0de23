// The tool editor's properties table and its JSON Schema (API.md "Tool": an object schema whose
// properties may have type, description, enum and default). The table is what people edit; the
// schema string is what the API stores.

export const propertyTypes = ["string", "number", "integer", "boolean", "object", "array"] as const;
export type PropertyType = (typeof propertyTypes)[number];

export interface PropertyRow {
  name: string;
  type: PropertyType;
  description: string;
  required: boolean;
  /** Allowed values, comma-separated as typed. */
  enumText: string;
  /** The default value as typed (JSON for objects and arrays). */
  defaultText: string;
}

export const emptyRow = (): PropertyRow => ({
  name: "",
  type: "string",
  description: "",
  required: false,
  enumText: "",
  defaultText: "",
});

type Raw = Record<string, unknown>;
const isRecord = (value: unknown): value is Raw =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const showValue = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

/** Rows from a schema string (JSON Schema object, or Flowise's property list). */
export function rowsFromSchema(text: string): PropertyRow[] {
  const parsed: unknown = JSON.parse(text || '{"type":"object","properties":{}}');
  if (Array.isArray(parsed)) {
    return parsed.filter(isRecord).map((row) => ({
      ...emptyRow(),
      name: String(row.property ?? ""),
      type: propertyTypes.includes(String(row.type).toLowerCase() as PropertyType)
        ? (String(row.type).toLowerCase() as PropertyType)
        : "string",
      description: String(row.description ?? ""),
      required: row.required === true,
    }));
  }
  if (!isRecord(parsed) || parsed.type !== "object")
    throw new Error('The schema must be {"type": "object", ...}');
  const properties = isRecord(parsed.properties) ? parsed.properties : {};
  const required = Array.isArray(parsed.required) ? parsed.required.map(String) : [];
  return Object.entries(properties).map(([name, spec]) => {
    const property = isRecord(spec) ? spec : {};
    return {
      name,
      type: propertyTypes.includes(property.type as PropertyType)
        ? (property.type as PropertyType)
        : "string",
      description: typeof property.description === "string" ? property.description : "",
      required: required.includes(name),
      enumText: Array.isArray(property.enum) ? property.enum.map(showValue).join(", ") : "",
      defaultText: property.default === undefined ? "" : showValue(property.default),
    };
  });
}

function parseValue(text: string, type: PropertyType, what: string): unknown {
  const value = text.trim();
  if (type === "number" || type === "integer") {
    const number = Number(value);
    if (value === "" || Number.isNaN(number) || (type === "integer" && !Number.isInteger(number))) {
      throw new Error(`${what} must be ${type === "integer" ? "an integer" : "a number"}`);
    }
    return number;
  }
  if (type === "boolean") {
    if (value !== "true" && value !== "false") throw new Error(`${what} must be true or false`);
    return value === "true";
  }
  if (type === "object" || type === "array") {
    try {
      return JSON.parse(value);
    } catch {
      throw new Error(`${what} must be JSON`);
    }
  }
  return text;
}

export interface SchemaResult {
  schema: { type: "object"; properties: Record<string, Raw>; required?: string[] };
  errors: string[];
}

/** The JSON Schema of the rows, with a message per row problem (rows with problems are kept as far as possible). */
export function schemaFromRows(rows: PropertyRow[]): SchemaResult {
  const errors: string[] = [];
  const properties: Record<string, Raw> = {};
  const required: string[] = [];
  rows.forEach((row, index) => {
    const name = row.name.trim();
    const where = name ? `“${name}”` : `Row ${index + 1}`;
    if (!name) {
      errors.push(`${where}: a name is required`);
      return;
    }
    if (!/^[A-Za-z_$][\w$]*$/.test(name))
      errors.push(`${where}: use letters, digits and _ so it can be used as $${name}`);
    if (Object.hasOwn(properties, name)) {
      errors.push(`${where} is listed twice`);
      return;
    }
    const property: Raw = { type: row.type };
    if (row.description.trim()) property.description = row.description.trim();
    try {
      if (row.enumText.trim()) {
        property.enum = row.enumText
          .split(",")
          .map((item) => item.trim())
          .filter(Boolean)
          .map((item) => parseValue(item, row.type, `${where}: each allowed value`));
      }
      if (row.defaultText.trim())
        property.default = parseValue(row.defaultText, row.type, `${where}: the default`);
    } catch (error) {
      errors.push((error as Error).message);
    }
    properties[name] = property;
    if (row.required) required.push(name);
  });
  return { schema: { type: "object", properties, ...(required.length ? { required } : {}) }, errors };
}

const exampleOf: Record<PropertyType, unknown> = {
  string: "example",
  number: 1,
  integer: 1,
  boolean: true,
  object: {},
  array: [],
};

/** A test input for the schema: defaults, else the first allowed value, else an example of the type. */
export function sampleInput(rows: PropertyRow[]): Record<string, unknown> {
  const { schema } = schemaFromRows(rows);
  const input: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties)) {
    if (property.default !== undefined) input[name] = property.default;
    else if (Array.isArray(property.enum) && property.enum.length) input[name] = property.enum[0];
    else input[name] = exampleOf[property.type as PropertyType] ?? "";
  }
  return input;
}

const tsTypeOf = (row: PropertyRow): string => {
  if (row.enumText.trim() && (row.type === "string" || row.type === "number" || row.type === "integer")) {
    const values = row.enumText
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean);
    return values.map((item) => (row.type === "string" ? JSON.stringify(item) : item)).join(" | ");
  }
  return {
    string: "string",
    number: "number",
    integer: "number",
    boolean: "boolean",
    object: "Record<string, unknown>",
    array: "unknown[]",
  }[row.type];
};

/** Declarations of what a tool function sees, for the code editor's completions and hovers. */
export function toolGlobalsDeclaration(rows: PropertyRow[]): string {
  const named = rows.filter((row) => /^[A-Za-z_$][\w$]*$/.test(row.name.trim()));
  const args = named
    .map((row) => {
      const doc = row.description.trim() ? `/** ${row.description.replace(/\*\//g, "* /")} */\n` : "";
      return `${doc}declare const $${row.name.trim()}: ${tsTypeOf(row)}${row.required ? "" : " | undefined"};`;
    })
    .join("\n");
  const inputFields = named
    .map((row) => `  ${row.name.trim()}${row.required ? "" : "?"}: ${tsTypeOf(row)};`)
    .join("\n");
  return [
    args,
    `/** The whole input object the agent sent. */\ndeclare const $input: {\n${inputFields}\n};`,
    "/** Workspace variables. */\ndeclare const $vars: Record<string, string>;",
    "/** The running flow. */\ndeclare const $flow: { chatflowId: string; chatId: string; sessionId: string };",
  ].join("\n");
}
