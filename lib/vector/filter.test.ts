import { describe, expect, it } from "vitest";
import { compileFilter, toChromaWhere } from "./filter";

describe("toChromaWhere", () => {
  it("gives each key its own clause, joined by $and", () => {
    expect(toChromaWhere({ source: "a.txt", page: { $gte: 2 } })).toEqual({
      $and: [{ source: { $eq: "a.txt" } }, { page: { $gte: 2 } }],
    });
  });

  it("keeps a single condition as it is", () => {
    expect(toChromaWhere({ source: "a.txt" })).toEqual({ source: { $eq: "a.txt" } });
  });

  it("treats an empty or absent filter as none", () => {
    expect(toChromaWhere({})).toBeUndefined();
    expect(toChromaWhere(undefined)).toBeUndefined();
  });

  it("refuses unknown operators with a 400 naming the path", () => {
    expect(() => toChromaWhere({ page: { $like: "x" } })).toThrow(
      expect.objectContaining({
        statusCode: 400,
        message: "Invalid metadata filter: filter.page unknown operator $like",
      }),
    );
    expect(() => toChromaWhere({ $not: [] })).toThrow(expect.objectContaining({ statusCode: 400 }));
    expect(() => toChromaWhere({ page: { $gt: "two" } })).toThrow(
      expect.objectContaining({ statusCode: 400 }),
    );
    expect(() => toChromaWhere({ tags: ["a"] })).toThrow(expect.objectContaining({ statusCode: 400 }));
  });
});

describe("compileFilter", () => {
  const metadata = { source: "a.txt", page: 3, draft: false };

  it.each([
    [{ source: "a.txt" }, true],
    [{ source: "b.txt" }, false],
    [{ page: { $gt: 2 }, draft: false }, true],
    [{ page: { $lt: 3 } }, false],
    [{ page: { $lte: 3 } }, true],
    [{ source: { $in: ["b.txt", "a.txt"] } }, true],
    [{ source: { $nin: ["a.txt"] } }, false],
    [{ missing: { $ne: "x" } }, true],
    [{ missing: { $nin: ["x"] } }, true],
    [{ missing: { $in: ["x"] } }, false],
    [{ source: { $gt: 1 } }, false],
    [{ $or: [{ source: "b.txt" }, { page: 3 }] }, true],
    [{ $and: [{ source: "a.txt" }, { page: 4 }] }, false],
  ])("%j → %s", (filter, expected) => {
    expect(compileFilter(filter)(metadata)).toBe(expected);
  });
});
