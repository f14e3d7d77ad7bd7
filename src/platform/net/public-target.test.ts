import { createServer } from 'node:http';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { checkPublicTarget, isPrivateAddress, pinnedLookup, type Resolver } from './public-target.ts';

const resolvesTo =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '100.64.0.1',
    '100.127.255.255',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '0:0:0:0:0:ffff:c0a8:0101',
    '::127.0.0.1',
    // Issue 27, item 14: IPv6 prefixes that carry an IPv4 address reach it.
    '64:ff9b::7f00:1', // NAT64 to 127.0.0.1
    '64:ff9b::10.0.0.1',
    '64:ff9b::a9fe:a9fe', // NAT64 to the cloud metadata address
    '64:ff9b:1::8.8.8.8', // local-use NAT64, refused whole
    '2002:7f00:1::1', // 6to4 from 127.0.0.1
    '2002:c0a8:101::', // 6to4 from 192.168.1.1
    '::ffff:0:7f00:1', // SIIT's IPv4-translated 127.0.0.1
    '::ffff:0:10.1.2.3',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '192.169.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
    '::ffff:0:8.8.8.8',
    '2001:db9::1',
  ])('lets %s through', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});

describe('checkPublicTarget', () => {
  it('refuses other schemes and credentials', async () => {
    expect(await checkPublicTarget(new URL('ftp://example.com/'), true, resolvesTo('8.8.8.8'))).toMatchObject({
      ok: false,
      message: expect.stringContaining('http'),
    });
    expect(await checkPublicTarget(new URL('https://a:b@example.com/'), false, resolvesTo('8.8.8.8'))).toMatchObject({ ok: false });
  });

  it('refuses IP literals in private ranges, whatever their spelling', async () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://169.254.169.254/latest',
      'http://0.0.0.0:3000/',
    ]) {
      expect(await checkPublicTarget(new URL(url), false, resolvesTo('8.8.8.8')), url).toMatchObject({
        ok: false,
        message: expect.stringContaining('public address'),
      });
    }
  });

  it('refuses a host when any of its addresses is private', async () => {
    expect(await checkPublicTarget(new URL('https://hooks.example.com/x'), false, resolvesTo('93.184.216.34', '10.0.0.5'))).toMatchObject({ ok: false });
  });

  it('answers the address to connect to for a public host', async () => {
    expect(await checkPublicTarget(new URL('https://hooks.example.com/x'), false, resolvesTo('93.184.216.34'))).toEqual({
      ok: true,
      address: '93.184.216.34',
      family: 4,
    });
    expect(await checkPublicTarget(new URL('https://[2606:4700:4700::1111]/'), false)).toEqual({ ok: true, address: '2606:4700:4700::1111', family: 6 });
  });

  it('refuses a host that does not resolve', async () => {
    const none: Resolver = async () => {
      throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect(await checkPublicTarget(new URL('https://nowhere.invalid/'), true, none)).toMatchObject({
      ok: false,
      message: expect.stringContaining('could not be found'),
    });
  });

  it('lets loopback through when the operator allows private targets', async () => {
    expect(await checkPublicTarget(new URL('http://127.0.0.1:9/'), true)).toEqual({ ok: true, address: '127.0.0.1', family: 4 });
    expect(await checkPublicTarget(new URL('http://localhost:9/'), true)).toMatchObject({ ok: true });
  });
});

describe('pinnedLookup', () => {
  it('connects to the checked address whatever the host name resolves to', async () => {
    const server = createServer((_req, res) => res.end('pinned'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const body = await new Promise<string>((resolve, reject) => {
        const req = request({ host: 'does-not-exist.invalid', port, path: '/', lookup: pinnedLookup({ address: '127.0.0.1', family: 4 }) }, (res) => {
          let text = '';
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve(text));
        });
        req.on('error', reject);
        req.end();
      });
      expect(body).toBe('pinned');
    } finally {
      server.close();
    }
  });
});
