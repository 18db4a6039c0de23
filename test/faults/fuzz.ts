import { connect } from "node:net";

// A seeded, deterministic generator of hostile requests (no dependency): the same seed gives the
// same requests in the same order, so a failure found once is found again.

/** mulberry32: a tiny PRNG with a 32-bit state, good enough to pick cases. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (probability: number) => next() < probability,
  };
}
export type Random = ReturnType<typeof createRandom>;

/** `depth` arrays inside each other, as JSON text (a "JSON bomb" for recursive code). */
export const nestedArrays = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
/** `depth` objects inside each other, as JSON text. */
export const nestedObjects = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);

/** Hostile JSON values, as JSON text (so that bombs and odd numbers stay exactly as written). */
export const hostileJsonValues: readonly string[] = [
  "null",
  "true",
  "false",
  "0",
  "-1",
  "-0",
  "1e308",
  "-1e308",
  "1e-400",
  "9007199254740993",
  "123456789012345678901234567890",
  "0.1",
  '""',
  '" "',
  "[]",
  "{}",
  "[[]]",
  '[null,{"a":[]}]',
  '{"__proto__":{"polluted":true,"isPublic":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '"__proto__"',
  '"constructor"',
  '"toString"',
  JSON.stringify("\u0000"),
  JSON.stringify("\ud800"), // a lone surrogate
  '"\\ud800\\udfff\\udbff"',
  JSON.stringify("\u202eevil\u202c"),
  JSON.stringify("\ufeffBOM"),
  JSON.stringify("Ω≈ç√∫˜µ≤≥÷ 田中さん 𝕳𝖊𝖑𝖑𝖔 🏳️‍🌈👩‍👩‍👧‍👦"),
  JSON.stringify("😀".repeat(5_000)),
  JSON.stringify("x".repeat(100_000)),
  JSON.stringify("<script>alert(1)</script>"),
  JSON.stringify("' OR '1'='1'; DROP TABLE \"ChatFlow\"; --"),
  JSON.stringify("{{chatOpenAI_0.data.instance}}"),
  JSON.stringify("../../../../etc/passwd"),
  JSON.stringify("%2e%2e%2f%2e%2e%2f"),
  JSON.stringify("http://169.254.169.254/latest/meta-data/"),
  JSON.stringify("file:///etc/passwd"),
  JSON.stringify("javascript:alert(1)"),
  JSON.stringify("#".repeat(7)),
  JSON.stringify("2026-13-45T99:99:99Z"),
  JSON.stringify("00000000-0000-0000-0000-000000000000"),
  JSON.stringify(Array.from({ length: 1_000 }, (_, i) => i)),
  JSON.stringify(Object.fromEntries(Array.from({ length: 1_000 }, (_, i) => [`k${i}`, i]))),
  nestedArrays(5_000),
  nestedObjects(5_000),
  nestedArrays(100_000),
  nestedObjects(50_000),
];

/** Path segments that try traversal, odd encodings, or just size. */
export const hostileIds: readonly string[] = [
  "..",
  "../..",
  "..%2f..%2f..%2fetc%2fpasswd",
  "%2e%2e",
  "%2e%2e%2f%2e%2e%2f",
  "%252e%252e%252f",
  "....%2f%2f",
  "%00",
  "%",
  "%zz",
  "%c0%ae%c0%ae",
  "%ff%fe",
  "%F0%9F%98%80",
  "%E2%80%AE",
  "null",
  "undefined",
  "0",
  "-1",
  "1e309",
  "NaN",
  "%5Bobject%20Object%5D",
  "'%20OR%201=1--",
  "%3Cscript%3E",
  "00000000-0000-0000-0000-000000000000",
  "00000000-0000-0000-0000-00000000000g",
  "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
  "a".repeat(1_000),
  "a".repeat(8_000),
  "%41".repeat(2_500),
  "cfs_" + "f".repeat(64),
  "__proto__",
  "constructor",
];

export const hostileQueries: readonly string[] = [
  "",
  "?page=0",
  "?page=-1",
  "?page=1e3",
  "?page=9007199254740991",
  "?page=99999999999999999999",
  "?limit=0",
  "?limit=501",
  "?limit=abc",
  "?page=2&page=3&limit=1&limit=2",
  "?sort=__proto__&order=sideways",
  "?search=%00%ff",
  "?name=" + "x".repeat(4_000),
  "?category=%E2%80%AE",
  "?q[__proto__][a]=1",
];

export const hostileTokens: readonly (string | undefined)[] = [
  undefined,
  "",
  "null",
  "a.b.c",
  "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.",
  "cfs_",
  "cfs_" + "0".repeat(64),
  "x".repeat(6_000),
  "Bearer Bearer",
  "\u00e9t\u00e9",
];

/** Replaces the value of one top-level field of a JSON template with a hostile value. */
export function mutateBody(random: Random, template: Record<string, unknown>): string {
  const keys = Object.keys(template);
  const roll = random.int(10);
  if (roll === 0) return random.pick(hostileJsonValues); // the whole body is the wrong thing
  if (roll === 1) {
    // an unknown field, or one named after Object.prototype's members
    const extra = random.pick([
      "__proto__",
      "constructor",
      "prototype",
      "toString",
      "hasOwnProperty",
      "x".repeat(300),
    ]);
    return `{${JSON.stringify(extra)}:${random.pick(hostileJsonValues)},${JSON.stringify(template).slice(1)}`;
  }
  if (roll === 2 && keys.length > 0) {
    const without = { ...template };
    delete without[random.pick(keys)];
    return JSON.stringify(without);
  }
  const fields = keys.length > 0 ? keys : ["field"];
  const chosen = new Set([random.pick(fields)]);
  if (random.chance(0.3)) chosen.add(random.pick(fields));
  const parts = Object.entries(template)
    .filter(([key]) => !chosen.has(key))
    .map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`);
  for (const key of chosen) parts.push(`${JSON.stringify(key)}:${random.pick(hostileJsonValues)}`);
  return `{${parts.join(",")}}`;
}

/** Raw bodies that are not JSON at all, or barely. */
export const hostileRawBodies: readonly string[] = [
  "",
  " ",
  "{",
  '{"a":',
  "}{",
  "undefined",
  "NaN",
  "{'single':'quotes'}",
  '{"a":1,"a":2}',
  "\u0000\u0001\u0002",
  "\ufeff{}",
  '{"question":"hi"}garbage',
  "x".repeat(10_000),
];

export interface RawAnswer {
  /** The status of the first response line, or "closed" when the server closed without one. */
  status: number | "closed";
  head: string;
}

/**
 * Sends bytes as they are over a socket (for requests fetch refuses to make: malformed heads,
 * lying Content-Length, truncated bodies) and reads the status line, if any.
 */
export function sendRaw(
  baseUrl: string,
  chunks: Array<string | Buffer>,
  options: { pauseMs?: number; timeoutMs?: number; endAfterWrite?: boolean } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let received = "";
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const match = received.match(/^HTTP\/1\.[01] (\d{3})/);
      resolve({ status: match ? Number(match[1]) : "closed", head: received.slice(0, 300) });
    };
    const timer = setTimeout(finish, options.timeoutMs ?? 15_000);
    socket.on("data", (data) => {
      received += data.toString("latin1");
      if (/\r\n\r\n/.test(received)) finish();
    });
    socket.on("error", finish);
    socket.on("close", finish);
    socket.on("connect", async () => {
      for (const chunk of chunks) {
        if (socket.destroyed) return;
        socket.write(chunk);
        if (options.pauseMs) await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
      }
      if (options.endAfterWrite) socket.end();
    });
  });
}
