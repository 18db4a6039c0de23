import { describe, expect, it } from "vitest";
import { isValidCollectionName, resolveCollectionName } from "./collection-name";

const workspaceId = "0b7f4a1e-2c3d-4e5f-8a9b-0c1d2e3f4a5b";
const chatflowId = "11111111-2222-4333-8444-555555555555";

describe("resolveCollectionName", () => {
  it("gives each chatflow its own collection by default", () => {
    expect(resolveCollectionName({ workspaceId, chatflowId, isOwnServer: false })).toBe(`cfs_${chatflowId}`);
    expect(resolveCollectionName({ workspaceId, chatflowId, collectionName: "  ", isOwnServer: true })).toBe(
      `cfs_${chatflowId}`,
    );
  });

  it("scopes a named collection to the workspace on the deployment's server", () => {
    expect(
      resolveCollectionName({ workspaceId, chatflowId, collectionName: "docs", isOwnServer: false }),
    ).toBe("cfs_0b7f4a1e2c3d4e5f8a9b0c1d2e3f4a5b_docs");
  });

  it("uses the name as written on a server the node names", () => {
    expect(
      resolveCollectionName({ workspaceId, chatflowId, collectionName: "docs", isOwnServer: true }),
    ).toBe("docs");
  });

  it("refuses names Chroma would refuse", () => {
    for (const name of ["ab", "a..b", "_abc", "a b", "10.0.0.1", "x".repeat(513)]) {
      expect(isValidCollectionName(name)).toBe(false);
      expect(() =>
        resolveCollectionName({ workspaceId, chatflowId, collectionName: name, isOwnServer: true }),
      ).toThrow(expect.objectContaining({ statusCode: 400 }));
    }
    expect(isValidCollectionName("my-docs.v2")).toBe(true);
  });
});
