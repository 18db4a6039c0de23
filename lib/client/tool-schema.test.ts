import { describe, expect, it } from "vitest";
import { emptyRow, rowsFromSchema, sampleInput, schemaFromRows, toolGlobalsDeclaration } from "./tool-schema";

const schema = {
  type: "object",
  properties: {
    city: { type: "string", description: "City name", enum: ["Paris", "Oslo"] },
    days: { type: "integer", default: 3 },
  },
  required: ["city"],
};

describe("tool schema table", () => {
  it("round-trips a JSON Schema through the rows", () => {
    const rows = rowsFromSchema(JSON.stringify(schema));
    expect(rows).toEqual([
      {
        name: "city",
        type: "string",
        description: "City name",
        required: true,
        enumText: "Paris, Oslo",
        defaultText: "",
      },
      { name: "days", type: "integer", description: "", required: false, enumText: "", defaultText: "3" },
    ]);
    expect(schemaFromRows(rows)).toEqual({ schema, errors: [] });
  });

  it("reads Flowise's property list", () => {
    const rows = rowsFromSchema(
      JSON.stringify([{ property: "q", type: "String", description: "query", required: true }]),
    );
    expect(schemaFromRows(rows).schema).toEqual({
      type: "object",
      properties: { q: { type: "string", description: "query" } },
      required: ["q"],
    });
  });

  it("reports unnamed, duplicate and mistyped rows", () => {
    const { errors } = schemaFromRows([
      emptyRow(),
      { ...emptyRow(), name: "n", type: "number", defaultText: "many" },
      { ...emptyRow(), name: "n" },
      { ...emptyRow(), name: "bad name" },
    ]);
    expect(errors).toEqual([
      "Row 1: a name is required",
      "“n”: the default must be a number",
      "“n” is listed twice",
      "“bad name”: use letters, digits and _ so it can be used as $bad name",
    ]);
  });

  it("suggests a test input from defaults, allowed values and types", () => {
    const rows = rowsFromSchema(JSON.stringify(schema));
    expect(sampleInput([...rows, { ...emptyRow(), name: "flag", type: "boolean" }])).toEqual({
      city: "Paris",
      days: 3,
      flag: true,
    });
  });

  it("declares each property as a $ variable for the editor", () => {
    const text = toolGlobalsDeclaration(rowsFromSchema(JSON.stringify(schema)));
    expect(text).toContain('/** City name */\ndeclare const $city: "Paris" | "Oslo";');
    expect(text).toContain("declare const $days: number | undefined;");
    expect(text).toContain("declare const $vars: Record<string, string>;");
  });
});
