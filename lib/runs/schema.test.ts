import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { readRunStatusFilter, readTokenCounts } from "./schema";

describe("readRunStatusFilter", () => {
  it("accepts each status, treats absent or empty as no filter, and refuses anything else with a 400", () => {
    for (const status of ["success", "error", "aborted"]) {
      expect(readRunStatusFilter(new URLSearchParams({ status }))).toBe(status);
    }
    expect(readRunStatusFilter(new URLSearchParams())).toBeUndefined();
    expect(readRunStatusFilter(new URLSearchParams({ status: "" }))).toBeUndefined();
    const refusal = (() => {
      try {
        readRunStatusFilter(new URLSearchParams({ status: "ok" }));
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({
      statusCode: 400,
      message: "status must be one of success, error, aborted",
    });
  });
});

describe("readTokenCounts", () => {
  it("reads the engine's usage and leaves unreported or nonsensical counts null", () => {
    expect(readTokenCounts({ promptTokens: 5, completionTokens: 2, totalTokens: 7 })).toEqual({
      promptTokens: 5,
      completionTokens: 2,
      totalTokens: 7,
    });
    expect(readTokenCounts(undefined)).toEqual({
      promptTokens: null,
      completionTokens: null,
      totalTokens: null,
    });
    expect(readTokenCounts({ promptTokens: -1, completionTokens: 1.5, totalTokens: "7" })).toEqual({
      promptTokens: null,
      completionTokens: null,
      totalTokens: null,
    });
  });
});
