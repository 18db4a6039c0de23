import type { LookupAddress } from "node:dns";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { resolvePublicAddresses, WebhookTargetRefused } from "./address";

export interface WebhookTarget {
  url: string;
  method: "POST" | "PUT" | "PATCH";
}

export interface DeliveryOptions {
  /** Let targets resolve to private/loopback addresses (ALLOW_PRIVATE_WEBHOOKS). */
  allowPrivate: boolean;
  timeoutMs?: number;
  /** Retries after the first attempt, on network errors, timeouts, 429 and 5xx. */
  retries?: number;
  /** First backoff; doubles on each retry. */
  backoffMs?: number;
}

export interface DeliveryResult {
  delivered: boolean;
  attempts: number;
  status?: number;
  error?: string;
}

const USER_AGENT = "ChatflowStudio-Webhook/1";

/**
 * Sends one JSON webhook, retrying with exponential backoff. Never throws: the result says what
 * happened. Private targets are refused before sending and again when connecting (the addresses
 * checked are the ones connected to, so a DNS answer that changes in between gains nothing).
 */
export async function deliverWebhook(
  target: WebhookTarget,
  payload: unknown,
  options: DeliveryOptions,
): Promise<DeliveryResult> {
  const { timeoutMs = 5_000, retries = 3, backoffMs = 500 } = options;
  const body = JSON.stringify(payload);
  let last: DeliveryResult = { delivered: false, attempts: 0 };
  for (let attempt = 1; attempt <= retries + 1; attempt++) {
    try {
      const status = await sendOnce(target, body, options.allowPrivate, timeoutMs);
      last = { delivered: status < 300, attempts: attempt, status };
      if (status < 500 && status !== 429) return last;
    } catch (error) {
      last = {
        delivered: false,
        attempts: attempt,
        error: error instanceof Error ? error.message : String(error),
      };
      if (error instanceof WebhookTargetRefused) return last;
    }
    if (attempt <= retries) await sleep(backoffMs * 2 ** (attempt - 1));
  }
  return last;
}

/** Refuses a target before a run when it is malformed or plainly private (DNS failures pass). */
export async function checkWebhookTarget(url: string, allowPrivate: boolean): Promise<void> {
  const parsed = parseTarget(url);
  if (allowPrivate) return;
  try {
    await resolvePublicAddresses(parsed.hostname);
  } catch (error) {
    if (error instanceof WebhookTargetRefused) throw error;
    // The name does not resolve now; delivery will retry and log.
  }
}

function parseTarget(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new WebhookTargetRefused("webhookUrl is not a URL");
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new WebhookTargetRefused("webhookUrl must be http or https");
  }
  return parsed;
}

// node:net asks for every address when it races IPv4 and IPv6 (autoSelectFamily), else for one.
const publicLookup: LookupFunction = (hostname, options, callback) => {
  resolvePublicAddresses(hostname).then(
    (addresses: LookupAddress[]) => {
      const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
      const usable = wanted ? addresses.filter((entry) => entry.family === wanted) : addresses;
      if (usable.length === 0)
        return callback(new WebhookTargetRefused(`${hostname} has no usable address`), "", 4);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
      callback(null, usable[0].address, usable[0].family);
    },
    (error: Error) => callback(error as NodeJS.ErrnoException, "", 4),
  );
};

async function sendOnce(
  target: WebhookTarget,
  body: string,
  allowPrivate: boolean,
  timeoutMs: number,
): Promise<number> {
  const url = parseTarget(target.url);
  // A literal IP address never goes through `lookup`, so it is judged here.
  if (!allowPrivate) await refusePrivateLiteral(url.hostname);
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return await new Promise<number>((resolve, reject) => {
    const outgoing = send(
      url,
      {
        method: target.method,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "user-agent": USER_AGENT,
        },
        lookup: allowPrivate ? undefined : publicLookup,
      },
      (response: IncomingMessage) => {
        response.resume(); // the body is not read; drain it so the socket is freed
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", reject);
      },
    );
    // The whole exchange, not only idle time: a target that trickles bytes must not hold us.
    const timer = setTimeout(() => outgoing.destroy(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
    outgoing.on("close", () => clearTimeout(timer));
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

async function refusePrivateLiteral(hostname: string) {
  if (isIP(hostname.replace(/^\[(.*)\]$/, "$1"))) await resolvePublicAddresses(hostname);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
