import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  createToolBody,
  missingRequiredInputs,
  runToolBody,
  toolSchemaField,
  updateToolBody,
} from "./schema";

const issuesOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error(`expected a failure, got ${JSON.stringify(parsed.data)}`);
  return parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
};

describe("toolSchemaField", () => {
  it("accepts an object schema string and re-serializes it compactly", () => {
    const schema =
      '{ "type": "object", "properties": { "city": { "type": "string", "description": "City" },' +
      ' "unit": { "type": "string", "enum": ["C", "F"], "default": "C" } }, "required": ["city"] }';
    expect(toolSchemaField.parse(schema)).toBe(
      '{"type":"object","properties":{"city":{"type":"string","description":"City"},"unit":{"type":"string","enum":["C","F"],"default":"C"}},"required":["city"]}',
    );
  });

  it("fills in missing properties and turns null into the default schema", () => {
    expect(toolSchemaField.parse('{"type":"object"}')).toBe('{"type":"object","properties":{}}');
    expect(toolSchemaField.parse(null)).toBe('{"type":"object","properties":{}}');
  });

  it("converts Flowise's property list, given as a string or as an array", () => {
    const rows = [
      { id: 0, property: "city", type: "string", description: "City name", required: true },
      { id: 1, property: "days", type: "number", description: "", required: false },
      { id: 2, property: "when", type: "date", required: true },
    ];
    const expected =
      '{"type":"object","properties":{"city":{"type":"string","description":"City name"},"days":{"type":"number"},"when":{"type":"string"}},"required":["city","when"]}';
    expect(toolSchemaField.parse(JSON.stringify(rows))).toBe(expected);
    expect(toolSchemaField.parse(rows)).toBe(expected);
    expect(toolSchemaField.parse("[]")).toBe('{"type":"object","properties":{}}');
  });

  it("refuses anything that is not an object schema", () => {
    expect(issuesOf(toolSchemaField, "{not json")).toEqual([
      { path: "", message: "schema is not valid JSON" },
    ]);
    expect(issuesOf(toolSchemaField, "42")).toEqual([
      { path: "", message: 'schema must be a JSON object such as {"type":"object","properties":{}}' },
    ]);
    expect(issuesOf(toolSchemaField, { type: "object" })).toEqual([
      { path: "", message: "schema must be a JSON Schema serialized as a string" },
    ]);
    expect(issuesOf(toolSchemaField, '{"type":"string"}')).toEqual([
      { path: "type", message: 'type must be "object"' },
    ]);
    expect(issuesOf(toolSchemaField, '{"type":"object","properties":{"a":{"type":"text"}}}')).toEqual([
      {
        path: "properties.a.type",
        message: "type must be one of string, number, integer, boolean, object, array, null",
      },
    ]);
    expect(issuesOf(toolSchemaField, '{"type":"object","properties":{"a":{"format":"email"}}}')).toEqual([
      { path: "properties.a", message: 'Unrecognized key: "format"' },
    ]);
    expect(
      issuesOf(toolSchemaField, '{"type":"object","properties":{},"additionalProperties":false}'),
    ).toEqual([{ path: "", message: 'Unrecognized key: "additionalProperties"' }]);
    expect(
      issuesOf(toolSchemaField, '{"type":"object","properties":{"a":{}},"required":["a","b","a"]}'),
    ).toEqual([
      { path: "required.1", message: "b is not one of the properties" },
      { path: "required.2", message: "a is listed twice" },
    ]);
    expect(issuesOf(toolSchemaField, '{"type":"object","properties":{"a":{"enum":[]}}}')).toEqual([
      { path: "properties.a.enum", message: "enum must not be empty" },
    ]);
  });

  it("refuses a bad Flowise list", () => {
    expect(issuesOf(toolSchemaField, [{ property: "", type: "string" }])).toEqual([
      { path: "0.property", message: "property is required" },
    ]);
    expect(issuesOf(toolSchemaField, [{ property: "a", type: "text" }])).toEqual([
      {
        path: "0.type",
        message: "type must be one of string, number, integer, boolean, object, array, null, date",
      },
    ]);
    expect(
      issuesOf(toolSchemaField, [
        { property: "a", type: "string" },
        { property: "a", type: "number" },
      ]),
    ).toEqual([{ path: "1.property", message: "a is listed twice" }]);
  });
});

describe("createToolBody", () => {
  const valid = { name: "get_weather", description: "Weather for a city", func: "return $city" };

  it("keeps the tool's fields and drops the ones the server sets", () => {
    expect(
      createToolBody.parse({
        ...valid,
        name: "  get_weather ",
        id: "x",
        workspaceId: "y",
        createdDate: "z",
        updatedDate: "w",
        iconSrc: "https://example.com/i.svg",
        color: "#A1b2C3",
      }),
    ).toEqual({ ...valid, iconSrc: "https://example.com/i.svg", color: "#A1b2C3" });
  });

  it("names each missing or invalid field", () => {
    expect(issuesOf(createToolBody, {})).toEqual([
      { path: "name", message: "name is required" },
      { path: "description", message: "description is required" },
      { path: "func", message: "func is required" },
    ]);
    expect(
      issuesOf(createToolBody, {
        name: "x".repeat(101),
        description: " ",
        func: "  ",
        color: "red",
        iconSrc: "ftp://example.com/i.png",
        colour: "#000000",
      }),
    ).toEqual([
      { path: "name", message: "name must be at most 100 characters" },
      { path: "description", message: "description is required" },
      { path: "color", message: "color must be a colour such as #4f46e5" },
      { path: "iconSrc", message: "iconSrc must be an http(s) URL or null" },
      { path: "func", message: "func is required" },
      { path: "", message: 'Unrecognized key: "colour"' },
    ]);
    expect(issuesOf(createToolBody, { ...valid, name: 5 })).toEqual([
      { path: "name", message: "name must be a string" },
    ]);
  });

  it("treats an empty iconSrc as none", () => {
    expect(createToolBody.parse({ ...valid, iconSrc: "" })).toEqual({ ...valid, iconSrc: null });
  });
});

describe("updateToolBody", () => {
  it("accepts any subset, and validates what is sent", () => {
    expect(updateToolBody.parse({})).toEqual({});
    expect(updateToolBody.parse({ iconSrc: null, schema: null, id: "ignored" })).toEqual({
      iconSrc: null,
      schema: '{"type":"object","properties":{}}',
    });
    expect(issuesOf(updateToolBody, { name: "", func: "" })).toEqual([
      { path: "name", message: "name is required" },
      { path: "func", message: "func is required" },
    ]);
  });
});

describe("runToolBody and missingRequiredInputs", () => {
  it("defaults the input to an empty object and ignores other draft fields", () => {
    expect(runToolBody.parse({ func: "return 1", name: "draft" })).toEqual({ func: "return 1", input: {} });
    expect(issuesOf(runToolBody, { func: "return 1", input: [1] })).toEqual([
      { path: "input", message: "input must be an object" },
    ]);
  });

  it("lists required properties the input lacks", () => {
    const schema = '{"type":"object","properties":{"a":{},"b":{},"c":{}},"required":["a","b"]}';
    expect(missingRequiredInputs(schema, { a: 0, c: 1 })).toEqual(["b"]);
    expect(missingRequiredInputs(schema, { a: "", b: false })).toEqual([]);
    expect(missingRequiredInputs(schema, { a: null })).toEqual(["a", "b"]);
  });
});
