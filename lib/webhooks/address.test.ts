import { describe, expect, it } from "vitest";
import { isPrivateAddress, resolvePublicAddresses, WebhookTargetRefused } from "./address";

describe("isPrivateAddress", () => {
  it("refuses private, loopback, link-local and reserved IPv4", () => {
    for (const address of [
      "0.0.0.0",
      "10.1.2.3",
      "100.64.0.1",
      "127.0.0.1",
      "127.255.255.254",
      "169.254.169.254",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "192.0.0.8",
      "198.18.0.1",
      "224.0.0.1",
      "255.255.255.255",
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
  });

  it("allows public IPv4, including neighbours of private ranges", () => {
    for (const address of [
      "8.8.8.8",
      "1.1.1.1",
      "172.15.255.255",
      "172.32.0.1",
      "100.128.0.1",
      "169.253.0.1",
      "11.0.0.1",
    ]) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it("refuses private IPv6: loopback, unspecified, ULA, link-local, multicast", () => {
    for (const address of [
      "::1",
      "::",
      "[::1]",
      "fc00::1",
      "fd12:3456::1",
      "fe80::1",
      "fe80::1%eth0",
      "ff02::1",
      "2001:db8::1",
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
  });

  it("judges IPv4 carried inside IPv6 as the IPv4 address", () => {
    for (const address of [
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:10.0.0.1",
      "64:ff9b::10.0.0.1",
      "64:ff9b::a9fe:a9fe",
      "2002:7f00:1::1",
      "2002:c0a8:101::1",
      "::127.0.0.1",
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ["::ffff:8.8.8.8", "64:ff9b::8.8.8.8", "2002:808:808::1"]) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it("allows public IPv6", () => {
    expect(isPrivateAddress("2606:4700:4700::1111")).toBe(false);
    expect(isPrivateAddress("2a00:1450:4001::200e")).toBe(false);
  });

  it("refuses what is not an address", () => {
    expect(isPrivateAddress("localhost")).toBe(true);
    expect(isPrivateAddress("")).toBe(true);
  });
});

describe("resolvePublicAddresses", () => {
  const fakeDns = (table: Record<string, string[]>) => async (hostname: string) =>
    (table[hostname] ?? []).map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));

  it("returns every address of a public name", async () => {
    const lookup = fakeDns({ "hooks.example.com": ["93.184.216.34", "2606:2800:220:1::1"] });
    expect(await resolvePublicAddresses("hooks.example.com", lookup)).toEqual([
      { address: "93.184.216.34", family: 4 },
      { address: "2606:2800:220:1::1", family: 6 },
    ]);
  });

  it("refuses a name when any of its addresses is private (IPv4 or IPv6)", async () => {
    const lookup = fakeDns({
      "mixed.example.com": ["93.184.216.34", "10.0.0.5"],
      "v6.example.com": ["2606:2800:220:1::1", "::1"],
      localhost: ["127.0.0.1", "::1"],
      "empty.example.com": [],
    });
    await expect(resolvePublicAddresses("mixed.example.com", lookup)).rejects.toThrow(
      "mixed.example.com resolves to a private address (10.0.0.5)",
    );
    await expect(resolvePublicAddresses("v6.example.com", lookup)).rejects.toBeInstanceOf(
      WebhookTargetRefused,
    );
    await expect(resolvePublicAddresses("localhost", lookup)).rejects.toBeInstanceOf(WebhookTargetRefused);
    await expect(resolvePublicAddresses("empty.example.com", lookup)).rejects.toThrow("has no address");
  });

  it("judges IP literals without asking DNS", async () => {
    const lookup = async () => {
      throw new Error("DNS must not be asked");
    };
    expect(await resolvePublicAddresses("8.8.8.8", lookup)).toEqual([{ address: "8.8.8.8", family: 4 }]);
    await expect(resolvePublicAddresses("[::1]", lookup)).rejects.toBeInstanceOf(WebhookTargetRefused);
    await expect(resolvePublicAddresses("169.254.169.254", lookup)).rejects.toBeInstanceOf(
      WebhookTargetRefused,
    );
  });
});
