// @ts-check
// Code that runs inside every sandbox context before the tool's function. It evaluates to the
// `run(func, args, bridge)` function the host calls. It is strict so that user code cannot reach
// the bridge through `arguments.callee`/`caller`, and it captures the built-ins it relies on
// before user code can replace them.
//
// `run` settles with `[true, output]` or `[false, message]` and never rejects, so the host only
// ever receives a pair of primitives (it still checks the shape).

export const PRELUDE_SOURCE = String.raw`(function () {
  "use strict";
  const global = globalThis;
  const AsyncFunction = (async function () {}).constructor;
  const FunctionCtor = Function;
  const StringCtor = String;
  const TypeErrorCtor = TypeError;
  const stringify = JSON.stringify;
  const parseJson = JSON.parse;
  const keysOf = Object.keys;
  const defineProperty = Object.defineProperty;
  const isArray = Array.isArray;
  const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
  const reserved = new Set(["input", "vars", "flow"]);
  // A whole function: "async function", "function", or an arrow "(a) =>" / "a =>" (optionally async).
  const wholeFunction =
    /^(?:async\s+)?function\b|^(?:async\s*)?(?:\([^()]*\)|[A-Za-z_$][A-Za-z0-9_$]*)\s*=>/;

  function describe(error) {
    try {
      if (error !== null && typeof error === "object" && typeof error.message === "string") {
        const name = typeof error.name === "string" && error.name ? error.name : "Error";
        if (!error.message) return name;
        return name === "Error" ? error.message : name + ": " + error.message;
      }
      return StringCtor(error);
    } catch (_) {
      return "Tool threw a value that cannot be shown";
    }
  }

  function toText(value) {
    if (typeof value === "string") return value;
    if (value === undefined || typeof value === "function" || typeof value === "symbol") return "";
    if (typeof value === "bigint") return StringCtor(value);
    const json = stringify(value);
    return typeof json === "string" ? json : "";
  }

  function compile(func) {
    const source = StringCtor(func).trim();
    if (wholeFunction.test(source)) {
      let factory = null;
      try {
        factory = new FunctionCtor("return (" + source + "\n);");
      } catch (_) {
        factory = null; // not a single expression: treat it as a function body below
      }
      if (factory) {
        const candidate = factory();
        if (typeof candidate === "function") return (input) => candidate(input);
      }
    }
    const body = new AsyncFunction(source);
    return () => body.call(undefined);
  }

  function toHeaderPairs(headers) {
    if (headers === undefined || headers === null) return [];
    const pairs = [];
    if (isArray(headers)) {
      for (const entry of headers) {
        if (!isArray(entry) || entry.length !== 2) throw new TypeErrorCtor("fetch: headers must be [name, value] pairs");
        pairs.push([StringCtor(entry[0]), StringCtor(entry[1])]);
      }
      return pairs;
    }
    if (typeof headers !== "object") throw new TypeErrorCtor("fetch: headers must be an object");
    for (const name of keysOf(headers)) pairs.push([name, StringCtor(headers[name])]);
    return pairs;
  }

  function toRequest(init) {
    const options = init === undefined || init === null ? {} : init;
    const body = options.body;
    if (body !== undefined && body !== null && typeof body !== "string") {
      throw new TypeErrorCtor("fetch: body must be a string (use JSON.stringify for objects)");
    }
    return {
      method: options.method === undefined ? "GET" : StringCtor(options.method),
      headers: toHeaderPairs(options.headers),
      body: body === null ? undefined : body,
    };
  }

  function toResponse(reply) {
    const headers = reply.headers;
    let bodyUsed = false;
    const readBody = () => {
      if (bodyUsed) throw new TypeErrorCtor("Body has already been read");
      bodyUsed = true;
      return reply.body;
    };
    const headerList = () => keysOf(headers).map((name) => [name, headers[name]]);
    return {
      ok: reply.ok,
      status: reply.status,
      statusText: reply.statusText,
      url: reply.url,
      redirected: reply.redirected,
      headers: {
        get: (name) => {
          const value = headers[StringCtor(name).toLowerCase()];
          return value === undefined ? null : value;
        },
        has: (name) => headers[StringCtor(name).toLowerCase()] !== undefined,
        forEach: (callback) => headerList().forEach(([name, value]) => callback(value, name)),
        entries: () => headerList()[Symbol.iterator](),
        keys: () => keysOf(headers)[Symbol.iterator](),
        [Symbol.iterator]: () => headerList()[Symbol.iterator](),
      },
      get bodyUsed() {
        return bodyUsed;
      },
      text: async () => readBody(),
      json: async () => parseJson(readBody()),
    };
  }

  function makeFetch(bridge) {
    return async function fetch(resource, init) {
      const url =
        typeof resource === "string"
          ? resource
          : resource !== null && typeof resource === "object" && typeof resource.url === "string"
            ? resource.url
            : StringCtor(resource);
      const reply = await bridge.apply(undefined, [url, toRequest(init)], {
        arguments: { copy: true },
        result: { promise: true, copy: true },
      });
      if (typeof reply.error === "string") throw new TypeErrorCtor(reply.error);
      return toResponse(reply);
    };
  }

  function define(name, value) {
    defineProperty(global, name, { value, writable: true, configurable: true, enumerable: false });
  }

  return async function run(func, args, bridge) {
    try {
      // WebAssembly memories are allocated outside the isolate's heap and escape its memory limit
      // (a tool could commit gigabytes); tools are plain JavaScript, so the namespace goes.
      delete global.WebAssembly;
      const noop = () => undefined;
      define("console", { log: noop, info: noop, warn: noop, error: noop, debug: noop, trace: noop });
      define("fetch", makeFetch(bridge));
      const input = args.input;
      for (const name of keysOf(input)) {
        if (identifier.test(name) && !reserved.has(name)) define("$" + name, input[name]);
      }
      define("$input", input);
      define("$vars", args.vars);
      define("$flow", args.flow);
      const call = compile(func);
      const text = toText(await call(input));
      if (text.length > args.maxOutputChars) {
        return [false, "Tool output is longer than " + args.maxOutputChars + " characters"];
      }
      return [true, text];
    } catch (error) {
      const message = describe(error);
      return [false, message.length > 10000 ? message.slice(0, 10000) + "…" : message];
    }
  };
})()`;
