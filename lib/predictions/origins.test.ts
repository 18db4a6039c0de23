import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { checkOrigin, isOriginAllowed, normalizeOrigin, ORIGIN_NOT_ALLOWED } from "./origins";

const withOrigin = (origin?: string) =>
  new Request("http://app.test/api/v1/prediction/x", { method: "POST", headers: origin ? { origin } : {} });

describe("normalizeOrigin", () => {
  it("lower-cases scheme and host and writes the default port", () => {
    expect(normalizeOrigin("HTTPS://Shop.Example.com")).toBe("https://shop.example.com:443");
    expect(normalizeOrigin("https://shop.example.com:443")).toBe("https://shop.example.com:443");
    expect(normalizeOrigin("http://shop.example.com")).toBe("http://shop.example.com:80");
    expect(normalizeOrigin("http://localhost:3000/some/path?x=1")).toBe("http://localhost:3000");
    expect(normalizeOrigin("http://[::1]:8080")).toBe("http://[::1]:8080");
  });

  it("rejects what is not an http(s) origin", () => {
    expect(normalizeOrigin("null")).toBeNull();
    expect(normalizeOrigin("file:///etc/passwd")).toBeNull();
    expect(normalizeOrigin("shop.example.com")).toBeNull();
    expect(normalizeOrigin("")).toBeNull();
  });
});

describe("isOriginAllowed", () => {
  const list = ["https://shop.example.com", "http://localhost:3000/"];

  it("allows any origin when the list is empty or holds *", () => {
    expect(isOriginAllowed("https://evil.example", [])).toBe(true);
    expect(isOriginAllowed("https://evil.example", ["", "  "])).toBe(true);
    expect(isOriginAllowed("https://evil.example", ["*"])).toBe(true);
  });

  it("compares scheme, host and port", () => {
    expect(isOriginAllowed("https://shop.example.com", list)).toBe(true);
    expect(isOriginAllowed("https://SHOP.example.com:443", list)).toBe(true);
    expect(isOriginAllowed("http://shop.example.com", list)).toBe(false);
    expect(isOriginAllowed("https://shop.example.com:8443", list)).toBe(false);
    expect(isOriginAllowed("https://evil.shop.example.com", list)).toBe(false);
    expect(isOriginAllowed("http://localhost:3000", list)).toBe(true);
    expect(isOriginAllowed("http://localhost:3001", list)).toBe(false);
    expect(isOriginAllowed("null", list)).toBe(false);
  });
});

describe("checkOrigin", () => {
  it("lets requests without Origin through", () => {
    expect(checkOrigin(withOrigin(), ["https://shop.example.com"])).toBeNull();
  });

  it("returns an allowed origin as sent", () => {
    expect(checkOrigin(withOrigin("https://shop.example.com"), ["https://shop.example.com"])).toBe(
      "https://shop.example.com",
    );
    expect(checkOrigin(withOrigin("https://any.example"), [])).toBe("https://any.example");
  });

  it("refuses an unlisted origin with 403 and API.md's message", () => {
    let caught: unknown;
    try {
      checkOrigin(withOrigin("https://evil.example"), ["https://shop.example.com"]);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ApiError);
    expect(caught).toMatchObject({ statusCode: 403, message: ORIGIN_NOT_ALLOWED });
    expect(ORIGIN_NOT_ALLOWED).toBe("This site is not allowed to access this chatbot");
  });
});
