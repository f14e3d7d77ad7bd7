import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

// Outbound requests to addresses an admin types in (webhook targets, Slack and Teams URLs) must not
// reach the server's own network: loopback, private, link-local (cloud metadata), CGNAT and the like.
// The host is resolved here, every address it resolves to is checked, and the caller connects to the
// checked address (pinnedLookup) so a DNS answer that changes in between cannot slip in.

const REFUSED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 included
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast included
] as const) {
  REFUSED.addSubnet(network, prefix, 'ipv4');
}
REFUSED.addSubnet('::', 96, 'ipv6'); // unspecified, loopback ::1, IPv4-compatible ::a.b.c.d
REFUSED.addSubnet('fc00::', 7, 'ipv6'); // unique local
REFUSED.addSubnet('fe80::', 10, 'ipv6'); // link-local
REFUSED.addSubnet('ff00::', 8, 'ipv6'); // multicast
REFUSED.addSubnet('64:ff9b:1::', 48, 'ipv6'); // local-use NAT64

/** True when an IP address (v4 or v6) is one outbound requests must not reach; anything else is refused too. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return REFUSED.check(address, 'ipv4');
  // BlockList checks an IPv4-mapped IPv6 address (::ffff:127.0.0.1, ::ffff:7f00:1) against the IPv4 rules.
  if (family === 6) return REFUSED.check(address, 'ipv6');
  return true;
}

export type PublicTarget = { ok: true; address: string; family: 4 | 6 } | { ok: false; message: string };

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/**
 * Checks where a URL would connect: an http(s) URL whose host resolves only to public addresses, and
 * the address to connect to. `allowPrivate` (ALLOW_PRIVATE_WEBHOOK_TARGETS, tests and local fakes)
 * lets any address through, loopback included; the host must still resolve.
 */
export async function checkPublicTarget(url: URL, allowPrivate: boolean, resolve: Resolver = systemResolver): Promise<PublicTarget> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, message: 'The URL must start with http:// or https://' };
  if (url.username || url.password) return { ok: false, message: 'The URL must not contain a user name or password' };
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  if (!hostname) return { ok: false, message: 'The URL must name a host' };
  let addresses: { address: string; family: number }[];
  if (isIP(hostname)) {
    addresses = [{ address: hostname, family: isIP(hostname) }];
  } else {
    try {
      addresses = await resolve(hostname);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) return { ok: false, message: `The host ${hostname} could not be found` };
  }
  if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) {
    return { ok: false, message: 'The URL must point to a public address, not a loopback, private or link-local one' };
  }
  const [first] = addresses;
  return { ok: true, address: first.address, family: first.family === 6 ? 6 : 4 };
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | { address: string; family: number }[], family?: number) => void;

/**
 * A `lookup` for http(s).request that answers only the checked address, whatever the host now
 * resolves to: the connection goes where the check said (TLS still checks the certificate against
 * the URL's host name).
 */
export function pinnedLookup(target: { address: string; family: 4 | 6 }) {
  return (_hostname: string, options: { all?: boolean } | number | undefined, callback: LookupCallback): void => {
    if (typeof options === 'object' && options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}
