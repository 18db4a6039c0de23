import { randomUUID } from "node:crypto";

const acceptable = /^[A-Za-z0-9._:-]{8,128}$/;

/** A caller-supplied X-Request-Id is kept when it looks sane, so ids can be traced across services. */
export function requestIdFor(request: Request): string {
  const given = request.headers.get("x-request-id");
  return given && acceptable.test(given) ? given : randomUUID();
}
