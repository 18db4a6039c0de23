import { describe, expect, it } from "vitest";
import { workspaceFileSchema } from "./schema";

const file = (changes: Record<string, unknown> = {}) => ({
  format: "chatflow-studio.workspace",
  version: 1,
  tools: [{ id: "t1", name: "Weather", description: "Gets weather", func: "return 'sunny';" }],
  chatflows: [{ id: "f1", name: "Bot", flowData: '{"nodes":[],"edges":[]}', apikeyid: null }],
  ...changes,
});

describe("workspaceFileSchema", () => {
  it("validates tools and chatflows with the create schemas and keeps their source ids apart", () => {
    const parsed = workspaceFileSchema.parse(file());
    expect(parsed.credentials).toEqual([]);
    expect(parsed.tools).toEqual([
      { sourceId: "t1", fields: { name: "Weather", description: "Gets weather", func: "return 'sunny';" } },
    ]);
    expect(parsed.chatflows[0]).toMatchObject({
      sourceId: "f1",
      fields: { name: "Bot", isStreaming: true, type: "CHATFLOW", allowedOrigins: [] },
    });
    expect(parsed.chatflows[0].fields).not.toHaveProperty("id");
  });

  it("reports create-schema problems at their path in the file", () => {
    const result = workspaceFileSchema.safeParse(
      file({ chatflows: [{ id: "f1", name: "", flowData: "nope" }], tools: [{ name: "x" }] }),
    );
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    expect(issues).toEqual(
      expect.arrayContaining([
        "tools.0.id: id must be a string",
        "chatflows.0.name: name is required",
        "chatflows.0.flowData: flowData must be a JSON string with nodes and edges arrays",
      ]),
    );
  });

  it("refuses another format or version, and ids listed twice", () => {
    expect(workspaceFileSchema.safeParse(file({ version: 2 })).error?.issues[0].message).toBe(
      "version must be 1",
    );
    const twice = workspaceFileSchema.safeParse(
      file({
        tools: [
          { id: "t", name: "a", description: "d", func: "1" },
          { id: "t", name: "b", description: "d", func: "1" },
        ],
      }),
    );
    expect(twice.error?.issues.map((issue) => issue.message)).toEqual(["id t is listed twice"]);
  });
});
