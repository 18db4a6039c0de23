import { describe, expect, it } from "vitest";
import { api, createMember, errorBody, type Member } from "../support/api";

const isoDate = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
const uuid = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

const weatherSchema = {
  type: "object",
  properties: {
    city: { type: "string", description: "City name" },
    unit: { type: "string", enum: ["C", "F"], default: "C" },
  },
  required: ["city"],
};
const weatherTool = {
  name: "get_weather",
  description: "Current weather for a city",
  color: "#0ea5e9",
  iconSrc: "https://example.com/weather.svg",
  schema: JSON.stringify(weatherSchema),
  func: "return `${$city}: 21 ${$unit ?? 'C'}`",
};

async function createTool(member: Member, body: object = weatherTool) {
  const response = await api("/api/v1/tools", { token: member.token, body });
  expect(response.status).toBe(201);
  return response.body;
}

const invalid = (message: string, details: Array<{ path: string; message: string }>) => ({
  ...errorBody(400, message),
  details,
});

describe("Tools CRUD", () => {
  it("creates, reads, lists, updates and deletes a tool", async () => {
    const member = await createMember();
    const created = await api("/api/v1/tools", { token: member.token, body: weatherTool });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: uuid,
      ...weatherTool,
      workspaceId: member.workspaceId,
      createdDate: isoDate,
      updatedDate: isoDate,
    });
    const tool = created.body;

    const read = await api(`/api/v1/tools/${tool.id}`, { token: member.token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(tool);

    const list = await api("/api/v1/tools", { token: member.token });
    expect(list.status).toBe(200);
    expect(list.headers.get("x-total-count")).toBe("1");
    expect(list.body).toEqual([tool]);

    await new Promise((resolve) => setTimeout(resolve, 5));
    const updated = await api(`/api/v1/tools/${tool.id}`, {
      method: "PUT",
      token: member.token,
      body: { description: "Weather now", iconSrc: null },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({
      ...tool,
      description: "Weather now",
      iconSrc: null,
      updatedDate: isoDate,
    });
    expect(Date.parse(updated.body.updatedDate)).toBeGreaterThan(Date.parse(tool.updatedDate));
    expect((await api(`/api/v1/tools/${tool.id}`, { token: member.token })).body).toEqual(updated.body);

    await new Promise((resolve) => setTimeout(resolve, 5));
    const touched = await api(`/api/v1/tools/${tool.id}`, { method: "PUT", token: member.token, body: {} });
    expect(touched.status).toBe(200);
    expect(touched.body).toEqual({ ...updated.body, updatedDate: isoDate });
    expect(Date.parse(touched.body.updatedDate)).toBeGreaterThan(Date.parse(updated.body.updatedDate));

    const deleted = await api(`/api/v1/tools/${tool.id}`, { method: "DELETE", token: member.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: "Tool deleted" });
    const gone = await api(`/api/v1/tools/${tool.id}`, { token: member.token });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual(errorBody(404, "Tool not found"));
    const again = await api(`/api/v1/tools/${tool.id}`, { method: "DELETE", token: member.token });
    expect(again.status).toBe(404);
    expect((await api("/api/v1/tools", { token: member.token })).body).toEqual([]);
  });

  it("fills in the colour, icon and schema a create leaves out, and ignores server fields", async () => {
    const member = await createMember();
    const body = {
      id: "11111111-1111-4111-8111-111111111111",
      workspaceId: "22222222-2222-4222-8222-222222222222",
      createdDate: "2000-01-01T00:00:00.000Z",
      updatedDate: "2000-01-01T00:00:00.000Z",
      name: "echo",
      description: "Echoes its input",
      func: "return $input",
    };
    const created = await api("/api/v1/tools", { token: member.token, body });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: uuid,
      name: "echo",
      description: "Echoes its input",
      color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      iconSrc: null,
      schema: '{"type":"object","properties":{}}',
      func: "return $input",
      workspaceId: member.workspaceId,
      createdDate: isoDate,
      updatedDate: isoDate,
    });
    expect(created.body.id).not.toBe(body.id);
    expect(created.body.createdDate).not.toBe(body.createdDate);
    // The same name always gets the same default colour.
    const twin = await createTool(member, { name: "echo", description: "d", func: "return 1" });
    expect(twin.color).toBe(created.body.color);
  });

  it("converts Flowise's property list into a JSON Schema", async () => {
    const member = await createMember();
    const rows = [
      { id: 0, property: "city", type: "string", description: "City name", required: true },
      { id: 1, property: "days", type: "number", description: "Days ahead", required: false },
    ];
    const expected = JSON.stringify({
      type: "object",
      properties: {
        city: { type: "string", description: "City name" },
        days: { type: "number", description: "Days ahead" },
      },
      required: ["city"],
    });
    const fromString = await createTool(member, { ...weatherTool, schema: JSON.stringify(rows) });
    expect(fromString.schema).toBe(expected);
    const fromArray = await createTool(member, { ...weatherTool, schema: rows });
    expect(fromArray.schema).toBe(expected);
    const updated = await api(`/api/v1/tools/${fromArray.id}`, {
      method: "PUT",
      token: member.token,
      body: { schema: null },
    });
    expect(updated.body.schema).toBe('{"type":"object","properties":{}}');
  });
});

describe("Tools validation", () => {
  it.each([
    [
      "no fields",
      {},
      "Invalid request body: name: name is required; description: description is required; func: func is required",
      [
        { path: "name", message: "name is required" },
        { path: "description", message: "description is required" },
        { path: "func", message: "func is required" },
      ],
    ],
    [
      "a name over 100 characters",
      { ...weatherTool, name: "n".repeat(101) },
      "Invalid request body: name: name must be at most 100 characters",
      [{ path: "name", message: "name must be at most 100 characters" }],
    ],
    [
      "a blank description",
      { ...weatherTool, description: "   " },
      "Invalid request body: description: description is required",
      [{ path: "description", message: "description is required" }],
    ],
    [
      "a blank func",
      { ...weatherTool, func: " \n " },
      "Invalid request body: func: func is required",
      [{ path: "func", message: "func is required" }],
    ],
    [
      "a colour that is not #RRGGBB",
      { ...weatherTool, color: "#fff" },
      "Invalid request body: color: color must be a colour such as #4f46e5",
      [{ path: "color", message: "color must be a colour such as #4f46e5" }],
    ],
    [
      "an icon that is not an http(s) URL",
      { ...weatherTool, iconSrc: "javascript:alert(1)" },
      "Invalid request body: iconSrc: iconSrc must be an http(s) URL or null",
      [{ path: "iconSrc", message: "iconSrc must be an http(s) URL or null" }],
    ],
    [
      "a schema that is not JSON",
      { ...weatherTool, schema: "{type: object}" },
      "Invalid request body: schema: schema is not valid JSON",
      [{ path: "schema", message: "schema is not valid JSON" }],
    ],
    [
      "a schema that is not an object schema",
      { ...weatherTool, schema: '{"type":"array"}' },
      'Invalid request body: schema.type: type must be "object"',
      [{ path: "schema.type", message: 'type must be "object"' }],
    ],
    [
      "a schema property with an unknown type",
      { ...weatherTool, schema: '{"type":"object","properties":{"a":{"type":"text"}}}' },
      "Invalid request body: schema.properties.a.type: type must be one of string, number, integer, boolean, object, array, null",
      [
        {
          path: "schema.properties.a.type",
          message: "type must be one of string, number, integer, boolean, object, array, null",
        },
      ],
    ],
    [
      "a schema requiring a property it does not define",
      { ...weatherTool, schema: '{"type":"object","properties":{},"required":["city"]}' },
      "Invalid request body: schema.required.0: city is not one of the properties",
      [{ path: "schema.required.0", message: "city is not one of the properties" }],
    ],
    [
      "a schema sent as an object instead of a string",
      { ...weatherTool, schema: weatherSchema },
      "Invalid request body: schema: schema must be a JSON Schema serialized as a string",
      [{ path: "schema", message: "schema must be a JSON Schema serialized as a string" }],
    ],
    [
      "an unknown field",
      { ...weatherTool, colour: "#000000" },
      'Invalid request body: Unrecognized key: "colour"',
      [{ path: "", message: 'Unrecognized key: "colour"' }],
    ],
  ])("refuses to create a tool with %s", async (_case, body, message, details) => {
    const member = await createMember();
    const response = await api("/api/v1/tools", { token: member.token, body });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalid(message, details));
    expect((await api("/api/v1/tools", { token: member.token })).headers.get("x-total-count")).toBe("0");
  });

  it("refuses a malformed JSON body", async () => {
    const member = await createMember();
    const response = await api("/api/v1/tools", {
      token: member.token,
      rawBody: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(errorBody(400, "Malformed JSON body"));
  });

  it("validates the fields an update sends and leaves the tool unchanged", async () => {
    const member = await createMember();
    const tool = await createTool(member);
    const response = await api(`/api/v1/tools/${tool.id}`, {
      method: "PUT",
      token: member.token,
      body: { name: "", color: "blue" },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(
      invalid("Invalid request body: name: name is required; color: color must be a colour such as #4f46e5", [
        { path: "name", message: "name is required" },
        { path: "color", message: "color must be a colour such as #4f46e5" },
      ]),
    );
    expect((await api(`/api/v1/tools/${tool.id}`, { token: member.token })).body).toEqual(tool);
  });
});

describe("Tools access", () => {
  it("answers 401 without credentials and with a bad token", async () => {
    const member = await createMember();
    const tool = await createTool(member);
    const calls: Array<[string, string, object?]> = [
      ["GET", "/api/v1/tools"],
      ["POST", "/api/v1/tools", weatherTool],
      ["GET", `/api/v1/tools/${tool.id}`],
      ["PUT", `/api/v1/tools/${tool.id}`, { name: "x" }],
      ["DELETE", `/api/v1/tools/${tool.id}`],
      ["POST", "/api/v1/tools/run", { func: "return 1" }],
    ];
    for (const [method, path, body] of calls) {
      const anonymous = await api(path, { method, body });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(anonymous.body).toEqual(errorBody(401, "Authentication required"));
      const forged = await api(path, { method, body, token: "not-a-jwt" });
      expect(forged.status, `${method} ${path}`).toBe(401);
      expect(forged.body).toEqual(errorBody(401, "Invalid or expired token"));
    }
    expect((await api(`/api/v1/tools/${tool.id}`, { token: member.token })).body).toEqual(tool);
  });

  it("hides one workspace's tools from another", async () => {
    const owner = await createMember();
    const stranger = await createMember();
    const tool = await createTool(owner);
    await createTool(stranger, { ...weatherTool, name: "stranger's own" });

    const list = await api("/api/v1/tools", { token: stranger.token });
    expect(list.headers.get("x-total-count")).toBe("1");
    expect(list.body.map((item: { name: string }) => item.name)).toEqual(["stranger's own"]);
    for (const [method, body] of [["GET"], ["PUT", { name: "stolen" }], ["DELETE"]] as const) {
      const response = await api(`/api/v1/tools/${tool.id}`, { method, body, token: stranger.token });
      expect(response.status, method).toBe(404);
      expect(response.body).toEqual(errorBody(404, "Tool not found"));
    }
    expect((await api(`/api/v1/tools/${tool.id}`, { token: owner.token })).body).toEqual(tool);
  });

  it("answers 404 for a malformed id", async () => {
    const member = await createMember();
    for (const method of ["GET", "PUT", "DELETE"]) {
      const response = await api("/api/v1/tools/not-a-uuid", {
        method,
        token: member.token,
        body: method === "PUT" ? { name: "x" } : undefined,
      });
      expect(response.status, method).toBe(404);
      expect(response.body).toEqual(errorBody(404, "Tool not found"));
    }
  });
});

describe("Tools list pagination", () => {
  it("pages newest first with X-Total-Count and refuses out-of-range values", async () => {
    const member = await createMember();
    const names: string[] = [];
    for (let index = 0; index < 5; index++) {
      names.push(`tool ${index}`);
      await createTool(member, { ...weatherTool, name: `tool ${index}` });
    }
    const newestFirst = [...names].reverse();

    const first = await api("/api/v1/tools?page=1&limit=2", { token: member.token });
    expect(first.status).toBe(200);
    expect(first.headers.get("x-total-count")).toBe("5");
    expect(first.body.map((tool: { name: string }) => tool.name)).toEqual(newestFirst.slice(0, 2));
    const third = await api("/api/v1/tools?page=3&limit=2", { token: member.token });
    expect(third.body.map((tool: { name: string }) => tool.name)).toEqual(newestFirst.slice(4));
    const beyond = await api("/api/v1/tools?page=9&limit=2", { token: member.token });
    expect(beyond.body).toEqual([]);
    expect(beyond.headers.get("x-total-count")).toBe("5");
    const all = await api("/api/v1/tools?limit=500", { token: member.token });
    expect(all.body.map((tool: { name: string }) => tool.name)).toEqual(newestFirst);

    const tooMany = await api("/api/v1/tools?limit=501", { token: member.token });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual(errorBody(400, "limit must be between 1 and 500"));
    const pageZero = await api("/api/v1/tools?page=0", { token: member.token });
    expect(pageZero.status).toBe(400);
    expect(pageZero.body).toEqual(errorBody(400, "page must be a positive integer"));
    const notNumber = await api("/api/v1/tools?limit=ten", { token: member.token });
    expect(notNumber.status).toBe(400);
    expect(notNumber.body).toEqual(errorBody(400, "limit must be a positive integer"));
  });

  it("moves an updated tool to the front", async () => {
    const member = await createMember();
    const older = await createTool(member, { ...weatherTool, name: "older" });
    await createTool(member, { ...weatherTool, name: "newer" });
    await api(`/api/v1/tools/${older.id}`, {
      method: "PUT",
      token: member.token,
      body: { func: "return 2" },
    });
    const list = await api("/api/v1/tools", { token: member.token });
    expect(list.body.map((tool: { name: string }) => tool.name)).toEqual(["older", "newer"]);
  });
});

describe("POST /api/v1/tools/run", () => {
  it("runs an unsaved function and returns its output and duration", async () => {
    const member = await createMember();
    const response = await api("/api/v1/tools/run", {
      token: member.token,
      body: { func: weatherTool.func, schema: weatherTool.schema, input: { city: "Oslo", unit: "F" } },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ output: "Oslo: 21 F", durationMs: expect.any(Number) });
  });

  it("stringifies non-string results and accepts a whole function", async () => {
    const member = await createMember();
    const response = await api("/api/v1/tools/run", {
      token: member.token,
      body: { func: "async ({ a, b }) => ({ sum: a + b })", input: { a: 2, b: 3 } },
    });
    expect(response.body).toEqual({ output: '{"sum":5}', durationMs: expect.any(Number) });
  });

  it.each([
    ["a thrown error", "throw new Error('city not found')", "city not found"],
    ["require", "return require('fs')", "ReferenceError: require is not defined"],
    ["process", "return process.env", "ReferenceError: process is not defined"],
    [
      "fetch to a host the deployment does not allow",
      "return (await fetch('https://example.com')).status",
      "TypeError: fetch: host example.com is not allowed (TOOL_FETCH_ALLOW)",
    ],
    [
      "a 200 MB allocation",
      "return new Array(25e6).fill(1.5).length",
      "Tool exceeded its 64 MB memory limit",
    ],
  ])("reports %s as 200 { error }", async (_case, func, error) => {
    const member = await createMember();
    const response = await api("/api/v1/tools/run", { token: member.token, body: { func } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ error });
  });

  it("stops a function that never finishes at the 10 s limit", async () => {
    const member = await createMember();
    const started = Date.now();
    const response = await api("/api/v1/tools/run", {
      token: member.token,
      body: { func: "await new Promise(() => {})" },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ error: "Tool timed out after 10000 ms" });
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it("refuses input that lacks a required property, and a missing func", async () => {
    const member = await createMember();
    const missing = await api("/api/v1/tools/run", {
      token: member.token,
      body: { func: weatherTool.func, schema: weatherTool.schema, input: { unit: "C" } },
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual(
      invalid("input is missing required property: city", [
        { path: "input.city", message: "city is required" },
      ]),
    );
    const noFunc = await api("/api/v1/tools/run", { token: member.token, body: { input: {} } });
    expect(noFunc.status).toBe(400);
    expect(noFunc.body).toEqual(
      invalid("Invalid request body: func: func is required", [
        { path: "func", message: "func is required" },
      ]),
    );
    const badSchema = await api("/api/v1/tools/run", {
      token: member.token,
      body: { func: "return 1", schema: "[1]" },
    });
    expect(badSchema.status).toBe(400);
    expect(badSchema.body.message).toMatch(/^Invalid request body: schema\.0: /);
  });

  it("runs 50 calls at once while the server keeps answering", async () => {
    const member = await createMember();
    // Each run keeps its isolate busy for about 100 ms of CPU.
    const func = "const end = Date.now() + 100; while (Date.now() < end) {} return `n=${$n}`";
    const started = performance.now();
    const runs = Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        api("/api/v1/tools/run", { token: member.token, body: { func, input: { n } } }),
      ),
    );
    const pings: number[] = [];
    let settled = false;
    void runs.finally(() => (settled = true));
    while (!settled) {
      const pingStarted = performance.now();
      const ping = await api("/api/v1/ping");
      expect(ping.status).toBe(200);
      pings.push(performance.now() - pingStarted);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const responses = await runs;
    const wall = performance.now() - started;
    expect(responses.map((response) => [response.status, response.body.output])).toEqual(
      Array.from({ length: 50 }, (_, n) => [200, `n=${n}`]),
    );
    expect(pings.length).toBeGreaterThan(1);
    expect(Math.max(...pings)).toBeLessThan(5_000);
    console.info(
      `50 concurrent /tools/run (100 ms CPU each): ${wall.toFixed(0)} ms wall; ` +
        `${pings.length} pings meanwhile, slowest ${Math.max(...pings).toFixed(0)} ms`,
    );
  });
});

describe("Tools throughput", () => {
  it("measures CRUD requests per second", { timeout: 60_000 }, async () => {
    const member = await createMember();
    const concurrency = 10;
    const measure = async (
      label: string,
      total: number,
      call: (index: number) => Promise<{ status: number }>,
    ) => {
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < total) {
            const response = await call(next++);
            expect(response.status).toBeLessThan(300);
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      return `${label} ${(total / seconds).toFixed(0)}/s`;
    };
    const ids: string[] = [];
    const lines = [
      await measure("POST", 100, async (index) => {
        const response = await api("/api/v1/tools", {
          token: member.token,
          body: { ...weatherTool, name: `t${index}` },
        });
        ids.push(response.body.id);
        return response;
      }),
      await measure("GET one", 200, (index) =>
        api(`/api/v1/tools/${ids[index % ids.length]}`, { token: member.token }),
      ),
      await measure("GET list (limit 100)", 100, () => api("/api/v1/tools", { token: member.token })),
      await measure("PUT", 100, (index) =>
        api(`/api/v1/tools/${ids[index]}`, {
          method: "PUT",
          token: member.token,
          body: { description: `d${index}` },
        }),
      ),
      await measure("DELETE", 100, (index) =>
        api(`/api/v1/tools/${ids[index]}`, { method: "DELETE", token: member.token }),
      ),
    ];
    console.info(`Tools CRUD, ${concurrency} concurrent clients: ${lines.join(", ")}`);
  });
});
