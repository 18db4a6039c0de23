// @ts-check
// The host side of the sandbox's `fetch`: the only network access tool code has. A request goes
// out only when its URL is http(s) and its host (`URL.host`: hostname plus a non-default port) is
// exactly one of the allowed entries; the same check applies to every redirect hop.
//
// The returned `call` never rejects: isolated-vm reports a rejected host promise as an unhandled
// rejection in the host, so every failure becomes `{ error }` and the sandbox throws it there.

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;
const METHOD = /^[A-Za-z]{1,20}$/;
// Routing comes from the URL; these would only let a tool impersonate another virtual host or
// confuse the framing of the request.
const DROPPED_HEADERS = new Set(["host", "content-length", "transfer-encoding", "connection"]);

/** @typedef {import("./fetch-bridge.d.mts").FetchReply} FetchReply */

/**
 * @param {import("./fetch-bridge.d.mts").FetchBridgeOptions} options
 */
export function createFetchBridge({ allowHosts, maxBytes, maxRequests, timeoutMs, fetchImpl = fetch }) {
  const allowed = new Set(allowHosts.map((host) => host.toLowerCase()));
  const closing = new AbortController();
  let started = 0;
  let pending = 0;

  /**
   * @param {unknown} url
   * @param {unknown} init
   * @returns {Promise<FetchReply>}
   */
  async function call(url, init) {
    pending += 1;
    try {
      return await perform(url, init);
    } catch (error) {
      return { error: describeFailure(error) };
    } finally {
      pending -= 1;
    }
  }

  /**
   * @param {unknown} rawUrl
   * @param {unknown} init
   * @returns {Promise<FetchReply>}
   */
  async function perform(rawUrl, init) {
    if (closing.signal.aborted) return { error: "fetch: the tool run has ended" };
    started += 1;
    if (started > maxRequests) return { error: `fetch: at most ${maxRequests} requests per tool run` };
    let url = parseUrl(rawUrl);
    if (typeof url === "string") return { error: url };
    const denied = checkUrl(url);
    if (denied) return { error: denied };
    const request = readRequest(init);
    if (typeof request === "string") return { error: request };

    const signal = AbortSignal.any([closing.signal, AbortSignal.timeout(timeoutMs)]);
    let { method, headers, body } = request;
    for (let hop = 0; ; hop += 1) {
      const response = await fetchImpl(url, { method, headers, body, redirect: "manual", signal });
      const location = response.headers.get("location");
      if (!REDIRECT_STATUSES.has(response.status) || location === null) {
        const text = await readLimited(response, maxBytes);
        if (typeof text !== "string") return text;
        return {
          ok: response.ok,
          status: response.status,
          statusText: response.statusText,
          url: url.href,
          redirected: hop > 0,
          headers: Object.fromEntries(response.headers),
          body: text,
        };
      }
      await response.body?.cancel();
      if (hop >= MAX_REDIRECTS) return { error: `fetch: more than ${MAX_REDIRECTS} redirects` };
      const next = parseUrl(location, url);
      if (typeof next === "string") return { error: `fetch: bad redirect location` };
      const deniedHop = checkUrl(next);
      if (deniedHop) return { error: `fetch: redirected to a host that is not allowed (${next.host})` };
      if (
        response.status === 303 ||
        ((response.status === 301 || response.status === 302) && method === "POST")
      ) {
        method = "GET";
        body = undefined;
      }
      if (next.host !== url.host) {
        headers = headers.filter(([name]) => !["authorization", "cookie"].includes(name.toLowerCase()));
      }
      url = next;
    }
  }

  /** @param {URL} url */
  function checkUrl(url) {
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      return "fetch: only http and https URLs are allowed";
    }
    if (!allowed.has(url.host)) return `fetch: host ${url.host} is not allowed (TOOL_FETCH_ALLOW)`;
    return null;
  }

  return {
    call,
    /** Requests still in flight: an isolate left with some is not reused. */
    get pending() {
      return pending;
    },
    /** Aborts whatever is still in flight once the run is over. */
    close() {
      closing.abort();
    },
  };
}

/**
 * @param {unknown} raw
 * @param {URL} [base]
 * @returns {URL | string}
 */
function parseUrl(raw, base) {
  if (typeof raw !== "string") return "fetch: the URL must be a string";
  try {
    return new URL(raw, base);
  } catch {
    return `fetch: invalid URL ${JSON.stringify(raw.slice(0, 200))}`;
  }
}

/**
 * @param {unknown} init
 * @returns {{ method: string; headers: [string, string][]; body: string | undefined } | string}
 */
function readRequest(init) {
  const options = /** @type {{ method?: unknown; headers?: unknown; body?: unknown }} */ (
    init !== null && typeof init === "object" ? init : {}
  );
  const method = options.method === undefined ? "GET" : options.method;
  if (typeof method !== "string" || !METHOD.test(method)) return "fetch: invalid method";
  const upper = method.toUpperCase();
  if (options.body !== undefined && typeof options.body !== "string") return "fetch: body must be a string";
  if (options.body !== undefined && (upper === "GET" || upper === "HEAD")) {
    return `fetch: a ${upper} request cannot have a body`;
  }
  const headers = [];
  for (const pair of Array.isArray(options.headers) ? options.headers : []) {
    if (!Array.isArray(pair) || typeof pair[0] !== "string" || typeof pair[1] !== "string") {
      return "fetch: invalid headers";
    }
    if (!DROPPED_HEADERS.has(pair[0].toLowerCase()))
      headers.push(/** @type {[string, string]} */ ([pair[0], pair[1]]));
  }
  return { method: upper, headers, body: options.body };
}

/**
 * @param {Response} response
 * @param {number} maxBytes
 * @returns {Promise<string | { error: string }>}
 */
async function readLimited(response, maxBytes) {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    return { error: `fetch: the response is larger than ${maxBytes} bytes` };
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return { error: `fetch: the response is larger than ${maxBytes} bytes` };
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

/** @param {unknown} error */
function describeFailure(error) {
  const candidate = /** @type {{ name?: unknown; message?: unknown; cause?: { message?: unknown } }} */ (
    error ?? {}
  );
  if (candidate.name === "TimeoutError") return "fetch: the request timed out";
  if (candidate.name === "AbortError") return "fetch: the tool run has ended";
  const cause = typeof candidate.cause?.message === "string" ? ` (${candidate.cause.message})` : "";
  return `fetch: ${typeof candidate.message === "string" ? candidate.message : "request failed"}${cause}`;
}
