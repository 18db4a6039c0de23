import { describe, expect, it } from "vitest";
import {
  createChatflowBody,
  findFlowDataProblem,
  normalizeCategory,
  normalizeOrigin,
  parseApiConfig,
  updateChatflowBody,
} from "./schema";

const flowData = JSON.stringify({ nodes: [], edges: [] });

function issuesOf(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) {
  return result.error?.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
}

describe("createChatflowBody", () => {
  it("fills defaults and drops server-set fields", () => {
    const parsed = createChatflowBody.parse({
      name: " Bot ",
      flowData,
      id: "x",
      workspaceId: "y",
      analytic: "{}",
    });
    expect(parsed).toEqual({
      name: "Bot",
      flowData,
      deployed: false,
      isPublic: false,
      isStreaming: true,
      apikeyid: null,
      type: "CHATFLOW",
      category: null,
      chatbotConfig: null,
      apiConfig: null,
      allowedOrigins: [],
    });
  });

  it("requires name and flowData", () => {
    expect(issuesOf(createChatflowBody.safeParse({}))).toEqual([
      { path: "name", message: "name is required" },
      { path: "flowData", message: "flowData is required" },
    ]);
  });

  it("rejects unknown keys", () => {
    expect(issuesOf(createChatflowBody.safeParse({ name: "a", flowData, ispublic: true }))).toEqual([
      { path: "", message: 'Unrecognized key: "ispublic"' },
    ]);
  });

  it("normalises and deduplicates allowed origins, naming a bad entry", () => {
    const ok = createChatflowBody.parse({
      name: "a",
      flowData,
      allowedOrigins: ["https://Shop.Example.com:443/", "https://shop.example.com", "http://localhost:3000"],
    });
    expect(ok.allowedOrigins).toEqual(["https://shop.example.com", "http://localhost:3000"]);
    expect(
      issuesOf(createChatflowBody.safeParse({ name: "a", flowData, allowedOrigins: ["https://a.com/path"] })),
    ).toEqual([
      {
        path: "allowedOrigins.0",
        message:
          'allowedOrigins[0] "https://a.com/path" is not an origin (scheme://host[:port], http or https)',
      },
    ]);
  });

  it("checks chatbotConfig and apiConfig inside their JSON strings", () => {
    const result = createChatflowBody.safeParse({
      name: "a",
      flowData,
      chatbotConfig: JSON.stringify({ title: 5, custom: { any: "thing" } }),
      apiConfig: JSON.stringify({ rateLimit: { status: true, limitMax: 0 } }),
    });
    expect(issuesOf(result)).toEqual([
      { path: "chatbotConfig.title", message: "title must be a string" },
      { path: "apiConfig.rateLimit.limitMax", message: "rateLimit.limitMax must be a positive integer" },
      {
        path: "apiConfig.rateLimit.limitDuration",
        message: "rateLimit.limitDuration is required when status is true",
      },
    ]);
  });
});

describe("updateChatflowBody", () => {
  it("keeps only the fields sent and maps an empty apikeyid to null", () => {
    expect(updateChatflowBody.parse({ apikeyid: "", updatedDate: "2020-01-01" })).toEqual({ apikeyid: null });
    expect(updateChatflowBody.parse({})).toEqual({});
  });
});

describe("findFlowDataProblem", () => {
  it.each([
    ["not json", "flowData must be a JSON string with nodes and edges arrays"],
    ["[]", "flowData must be a JSON string with nodes and edges arrays"],
    ['{"nodes": []}', "flowData must be a JSON string with nodes and edges arrays"],
    ['{"nodes": [{}], "edges": []}', "flowData.nodes[0] must be an object with a string id"],
    [
      '{"nodes": [], "edges": [{"source": "a"}]}',
      "flowData.edges[0] must be an object with string source and target",
    ],
  ])("rejects %s", (text, message) => expect(findFlowDataProblem(text)).toBe(message));

  it("accepts a flow with a viewport", () => {
    expect(findFlowDataProblem('{"nodes": [{"id": "a"}], "edges": [], "viewport": {"x": 0}}')).toBeNull();
  });
});

describe("normalizeOrigin", () => {
  it.each([
    "ftp://a.com",
    "https://a.com?",
    "https://a.com#x",
    "https://user@a.com",
    "https://*.a.com",
    "a.com",
    "",
  ])("rejects %j", (value) => expect(normalizeOrigin(value)).toBeNull());
  it("keeps a non-default port and IPv6 hosts", () => {
    expect(normalizeOrigin("http://[::1]:8080")).toBe("http://[::1]:8080");
    expect(normalizeOrigin("HTTPS://EXAMPLE.com:8443")).toBe("https://example.com:8443");
  });
});

describe("normalizeCategory", () => {
  it("trims parts and drops empty ones", () => {
    expect(normalizeCategory(" sales ; support;;")).toBe("sales;support");
    expect(normalizeCategory(" ; ")).toBeNull();
  });
});

describe("parseApiConfig", () => {
  it("turns Flowise's string numbers into numbers", () => {
    const config = parseApiConfig(
      JSON.stringify({ rateLimit: { status: true, limitMax: "5", limitDuration: 60 } }),
    );
    expect(config?.rateLimit).toEqual({ status: true, limitMax: 5, limitDuration: 60 });
    expect(parseApiConfig(null)).toBeNull();
  });
});
