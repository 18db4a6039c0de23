import { describe, expect, it } from "vitest";
import { readPredictionApiConfig } from "./api-config";

describe("readPredictionApiConfig", () => {
  it("reads an active rate limit and the override switch", () => {
    const config = JSON.stringify({
      rateLimit: { status: true, limitMax: 3, limitDuration: 60, limitMsg: "Slow down" },
      overrideConfig: { status: false },
    });
    expect(readPredictionApiConfig(config)).toEqual({
      rateLimit: { limitMax: 3, limitDurationS: 60, limitMsg: "Slow down" },
      isOverrideAllowed: false,
    });
  });

  it("accepts Flowise's numbers written as strings", () => {
    const config = JSON.stringify({
      rateLimit: { status: true, limitMax: "5", limitDuration: "10", limitMsg: "" },
    });
    expect(readPredictionApiConfig(config)).toEqual({
      rateLimit: { limitMax: 5, limitDurationS: 10, limitMsg: undefined },
      isOverrideAllowed: true,
    });
  });

  it("has no limit when it is off, incomplete or nonsensical", () => {
    const none = { rateLimit: null, isOverrideAllowed: true };
    expect(readPredictionApiConfig(null)).toEqual(none);
    expect(readPredictionApiConfig("")).toEqual(none);
    expect(readPredictionApiConfig("{not json")).toEqual(none);
    expect(readPredictionApiConfig("[]")).toEqual(none);
    expect(
      readPredictionApiConfig(
        JSON.stringify({ rateLimit: { status: false, limitMax: 1, limitDuration: 1 } }),
      ),
    ).toEqual(none);
    expect(readPredictionApiConfig(JSON.stringify({ rateLimit: { status: true, limitMax: 1 } }))).toEqual(
      none,
    );
    expect(
      readPredictionApiConfig(JSON.stringify({ rateLimit: { status: true, limitMax: 0, limitDuration: 9 } })),
    ).toEqual(none);
    expect(
      readPredictionApiConfig(
        JSON.stringify({ rateLimit: { status: true, limitMax: "x", limitDuration: 9 } }),
      ),
    ).toEqual(none);
  });

  it("keeps overrides allowed unless the status is exactly false", () => {
    expect(readPredictionApiConfig(JSON.stringify({ overrideConfig: {} })).isOverrideAllowed).toBe(true);
    expect(
      readPredictionApiConfig(JSON.stringify({ overrideConfig: { status: true } })).isOverrideAllowed,
    ).toBe(true);
    expect(readPredictionApiConfig(JSON.stringify({ overrideConfig: "off" })).isOverrideAllowed).toBe(true); // unreadable row
  });
});
