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

REFUSED.addSubnet('2001::', 32, 'ipv6'); // Teredo: a tunnel to an IPv4 host, and none a webhook needs

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail read as the last two). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((group) => Number.parseInt(group, 16));
}

/**
 * The IPv4 address an IPv6 address carries and reaches, for the prefixes that translate or tunnel
 * to IPv4: NAT64 (64:ff9b::/96), SIIT's IPv4-translated (::ffff:0:0:0/96) and 6to4 (2002::/16).
 * (IPv4-mapped ::ffff:0:0/96 BlockList already checks against the IPv4 rules.)
 */
function embeddedIpv4(address: string): string | null {
  const g = ipv6Groups(address);
  const v4 = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4(g[6]!, g[7]!);
  if (g.slice(0, 4).every((x) => x === 0) && g[4] === 0xffff && g[5] === 0) return v4(g[6]!, g[7]!);
  if (g[0] === 0x2002) return v4(g[1]!, g[2]!);
  return null;
}

/** True when an IP address (v4 or v6) is one outbound requests must not reach; anything else is refused too. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return REFUSED.check(address, 'ipv4');
  if (family !== 6) return true;
  // BlockList checks an IPv4-mapped IPv6 address (::ffff:127.0.0.1, ::ffff:7f00:1) against the IPv4 rules.
  if (REFUSED.check(address, 'ipv6')) return true;
  const carried = embeddedIpv4(address);
  return carried !== null && REFUSED.check(carried, 'ipv4');
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
