import { BlockList, isIP } from 'node:net';

// Who is asking, for the guessing limits. Behind a reverse proxy the peer is the proxy, and the
// client is named in X-Forwarded-For; but a client can write that header too. So only the hops the
// operator names are believed: a number of proxies (each appends the address it received from), or
// the proxies' own addresses.

export type TrustProxy = { hops: number } | { proxies: BlockList } | null;

/** TRUST_PROXY: false (default), true (one proxy), a number of proxies, or their addresses and ranges. */
export function parseTrustProxy(value: string | undefined): TrustProxy | Error {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === 'false' || text === '0') return null;
  if (text === 'true') return { hops: 1 };
  if (/^\d{1,2}$/.test(text)) return { hops: Number(text) };
  const proxies = new BlockList();
  for (const entry of text.split(',').map((e) => e.trim())) {
    const [address, bits] = entry.split('/');
    const family = isIP(address ?? '');
    const prefix = bits === undefined ? undefined : Number(bits);
    if (!family || (prefix !== undefined && !(Number.isInteger(prefix) && prefix >= 0 && prefix <= (family === 4 ? 32 : 128)))) {
      return new Error(`"${entry}" is not an address or range`);
    }
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) proxies.addAddress(address!, type);
    else proxies.addSubnet(address!, prefix, type);
  }
  return { proxies };
}

const plain = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

function isTrusted(proxies: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && proxies.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export function clientAddress(peer: string, forwardedFor: string | null, trust: TrustProxy): string {
  if (!trust) return plain(peer);
  // The chain from the client to us: X-Forwarded-For's entries, then the peer.
  const chain = [
    ...(forwardedFor ?? '')
      .split(',')
      .map((a) => plain(a.trim()))
      .filter(Boolean),
    plain(peer),
  ];
  if ('hops' in trust) return chain[Math.max(0, chain.length - 1 - trust.hops)]!;
  let index = chain.length - 1;
  while (index > 0 && isTrusted(trust.proxies, chain[index]!)) index -= 1;
  return chain[index]!;
}
