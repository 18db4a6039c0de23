import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP } from "node:net";

// Webhook targets are chosen by whoever calls a prediction, so without this check the server
// could be made to POST into its own network (SSRF): cloud metadata, databases, admin panels.

// IPv4 ranges that are not public unicast (RFC 6890 and friends).
const privateIpv4: Array<[string, number]> = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata (169.254.169.254)
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
];

const privateIpv6: Array<[string, number]> = [
  ["::", 96], // unspecified, loopback (::1) and the deprecated IPv4-compatible form
  ["64:ff9b:1::", 48], // local-use NAT64
  ["100::", 64], // discard
  ["2001::", 32], // Teredo
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
];

const blocked = new BlockList();
for (const [network, prefix] of privateIpv4) {
  blocked.addSubnet(network, prefix, "ipv4");
  // The same IPv4 ranges embedded in NAT64 (64:ff9b::/96) and 6to4 (2002::/16) addresses.
  blocked.addSubnet(`64:ff9b::${network}`, 96 + prefix, "ipv6");
  blocked.addSubnet(`2002:${ipv4ToHex(network)}::`, 16 + prefix, "ipv6");
}
for (const [network, prefix] of privateIpv6) blocked.addSubnet(network, prefix, "ipv6");

function ipv4ToHex(address: string): string {
  const [a, b, c, d] = address.split(".").map(Number);
  return `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

/**
 * Whether an IP address is private, loopback, link-local or otherwise not public unicast.
 * IPv4-mapped IPv6 (`::ffff:127.0.0.1`) is judged as the IPv4 address it carries. Anything that is
 * not an IP address counts as private (refuse what we cannot judge).
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[(.*)\]$/, "$1").replace(/%.*$/, "");
  const version = isIP(bare);
  if (version === 4) return blocked.check(bare, "ipv4");
  if (version === 6) return blocked.check(bare, "ipv6");
  return true;
}

export class WebhookTargetRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookTargetRefused";
  }
}

type Lookup = (hostname: string) => Promise<LookupAddress[]>;

const lookupAll: Lookup = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/**
 * Every address a host name resolves to, refused when any of them is private: a name with one
 * public and one private address could otherwise be steered to the private one.
 */
export async function resolvePublicAddresses(
  hostname: string,
  lookup: Lookup = lookupAll,
): Promise<LookupAddress[]> {
  const bare = hostname.replace(/^\[(.*)\]$/, "$1");
  const literal = isIP(bare);
  const addresses = literal ? [{ address: bare, family: literal }] : await lookup(bare);
  if (addresses.length === 0) throw new WebhookTargetRefused(`${hostname} has no address`);
  const refused = addresses.find((entry) => isPrivateAddress(entry.address));
  if (refused)
    throw new WebhookTargetRefused(`${hostname} resolves to a private address (${refused.address})`);
  return addresses;
}
