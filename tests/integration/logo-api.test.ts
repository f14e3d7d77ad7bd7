import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CHANNEL } from '#platform/live/publish.ts';
import { findLogoVersion, logoUrl } from '#domain/workspace/logo.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { signUp, signUpAdmin } from '../helpers/accounts.ts';
import type { Client } from '../helpers/client.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(64, 1), Buffer.from([0xff, 0xd9])]);
const CLEAN_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 40">
  <defs><linearGradient id="g"><stop offset="0" stop-color="#4f46e5"/><stop offset="1" stop-color="#F59E0B"/></linearGradient></defs>
  <style>.t { font: bold 20px sans-serif; fill: url(#g); }</style>
  <rect width="100" height="40" rx="8" fill="url(#g)"/><use xlink:href="#g"/>
  <text x="10" y="28" class="t">Acme &amp; Co</text>
</svg>`;

const MESSAGES = {
  type: 'Invalid file type. Please select JPG, PNG, or SVG.',
  size: 'File too large. Maximum size is 2MB.',
  missing: 'Please select a logo file first',
};

interface Part {
  bytes: Uint8Array<ArrayBuffer> | string;
  name: string;
  type: string;
  field?: string;
}

/** POST /api/upload-logo as a browser would: multipart/form-data, the session cookie, the Origin header. */
async function upload(client: Client | null, part: Part | null, extra: Record<string, string> = {}) {
  const form = new FormData();
  if (part) form.set(part.field ?? 'logo', new Blob([part.bytes], { type: part.type }), part.name);
  for (const [key, value] of Object.entries(extra)) form.set(key, value);
  const session = client?.cookie('rc_session');
  const res = await fetch(`${app.url}/api/upload-logo`, {
    method: 'POST',
    headers: { origin: app.url, ...(session ? { cookie: `rc_session=${session}` } : {}) },
    body: form,
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text };
}

async function served(slug: string) {
  const res = await fetch(`${app.url}/api/logo/${slug}`);
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('who may upload', () => {
  it('answers 401 without a session', async () => {
    const res = await upload(null, { bytes: PNG, name: 'logo.png', type: 'image/png' });
    expect(res.status).toBe(401);
  });

  it('answers 403 "Admin access required" without the admin claim, and stores nothing', async () => {
    const { client, workspace } = await signUp(app);
    const res = await upload(client, { bytes: PNG, name: 'logo.png', type: 'image/png' });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ message: 'Admin access required' });
    expect((await served(workspace.slug)).status).toBe(404);
  });
});

describe('a good logo', () => {
  it('stores a PNG, answers its versioned URL, announces it and serves it with safe headers', async () => {
    const { client, workspace, workspaceId } = await signUpAdmin(app);
    expect((await served(workspace.slug)).status).toBe(404);
    let res: Awaited<ReturnType<typeof upload>> | undefined;
    let notices = 0;
    const stop = await app.database.listen(LIVE_CHANNEL, (payload) => {
      if (JSON.parse(payload).workspaceId === workspaceId) notices += 1;
    });
    try {
      res = await upload(client, { bytes: PNG, name: 'logo.png', type: 'image/png' });
      await new Promise((r) => setTimeout(r, 150));
    } finally {
      await stop();
    }
    expect(res!.status).toBe(200);
    const version = await findLogoVersion(app.database.db, workspaceId);
    expect(version).toBeInstanceOf(Date);
    expect(res!.json).toEqual({ companyLogo: logoUrl(workspace.slug, version!) });
    expect(res!.json.companyLogo).toMatch(new RegExp(`^/api/logo/${workspace.slug}\\?v=\\d+$`));
    expect(notices).toBe(1);

    const logo = await served(workspace.slug);
    expect(logo.status).toBe(200);
    expect(logo.bytes.equals(PNG)).toBe(true);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(logo.headers.get('x-content-type-options')).toBe('nosniff');
    expect(logo.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(logo.headers.get('cache-control')).toMatch(/max-age=\d+/);

    const versioned = await fetch(app.url + res!.json.companyLogo);
    expect(versioned.headers.get('cache-control')).toMatch(/immutable/);
    const etag = versioned.headers.get('etag')!;
    const again = await fetch(app.url + res!.json.companyLogo, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('stores a clean SVG and serves it as image/svg+xml under the same policy', async () => {
    const { client, workspace } = await signUpAdmin(app);
    const res = await upload(client, { bytes: CLEAN_SVG, name: 'logo.svg', type: 'image/svg+xml' });
    expect(res.status).toBe(200);
    const logo = await served(workspace.slug);
    expect(logo.headers.get('content-type')).toBe('image/svg+xml');
    expect(logo.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(logo.headers.get('x-content-type-options')).toBe('nosniff');
    expect(logo.bytes.toString('utf8')).toBe(CLEAN_SVG);
  });

  it('stores a JPEG (declared image/jpg or image/jpeg) and replaces the previous logo', async () => {
    const { client, workspace } = await signUpAdmin(app);
    expect((await upload(client, { bytes: PNG, name: 'logo.png', type: 'image/png' })).status).toBe(200);
    const res = await upload(client, { bytes: JPEG, name: 'photo.JPG', type: 'image/jpg' });
    expect(res.status).toBe(200);
    const logo = await served(workspace.slug);
    expect(logo.headers.get('content-type')).toBe('image/jpeg');
    expect(logo.bytes.equals(JPEG)).toBe(true);
  });

  it('answers 404 for a workspace without a logo and for an unknown slug', async () => {
    const { workspace } = await signUpAdmin(app);
    expect((await served(workspace.slug)).status).toBe(404);
    expect((await served('no-such-workspace')).status).toBe(404);
  });

  it('is served to anyone (kiosk screens have no session) but only for its own workspace', async () => {
    const a = await signUpAdmin(app);
    const b = await signUpAdmin(app);
    await upload(a.client, { bytes: PNG, name: 'a.png', type: 'image/png' });
    expect((await served(a.workspace.slug)).status).toBe(200);
    expect((await served(b.workspace.slug)).status).toBe(404);
  });
});

describe('a refused logo leaves the stored one unchanged', () => {
  const scriptSvg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';
  const onloadSvg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>';
  const cases: [string, Part | null, string][] = [
    ['a PNG renamed .svg (declared image/svg+xml)', { bytes: PNG, name: 'logo.svg', type: 'image/svg+xml' }, MESSAGES.type],
    [
      'an SVG with a <script>',
      { bytes: scriptSvg, name: 'logo.svg', type: 'image/svg+xml' },
      'This SVG contains scripts or links, which are not allowed in a logo.',
    ],
    [
      'an SVG with onload=',
      { bytes: onloadSvg, name: 'logo.svg', type: 'image/svg+xml' },
      'This SVG contains scripts or links, which are not allowed in a logo.',
    ],
    ['a 3 MB file', { bytes: Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]), name: 'big.png', type: 'image/png' }, MESSAGES.size],
    [
      'a file of 2 MB and one byte',
      { bytes: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 1 - PNG.length)]), name: 'big.png', type: 'image/png' },
      MESSAGES.size,
    ],
    ['no file', null, MESSAGES.missing],
    ['an empty file', { bytes: '', name: 'logo.png', type: 'image/png' }, MESSAGES.missing],
    ['the file in another field', { bytes: PNG, name: 'logo.png', type: 'image/png', field: 'image' }, MESSAGES.missing],
    ['an HTML page named .png', { bytes: '<html><script>alert(1)</script></html>', name: 'logo.png', type: 'image/png' }, MESSAGES.type],
    ['a GIF', { bytes: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), name: 'logo.gif', type: 'image/gif' }, MESSAGES.type],
    ['an SVG declared as PNG', { bytes: CLEAN_SVG, name: 'logo.png', type: 'image/png' }, MESSAGES.type],
    ['plain text named .svg', { bytes: 'hello', name: 'logo.svg', type: 'image/svg+xml' }, MESSAGES.type],
    [
      'an SVG with an entity declaration',
      {
        bytes: '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>',
        name: 'logo.svg',
        type: 'image/svg+xml',
      },
      'This SVG declares XML entities, which are not allowed in a logo.',
    ],
    [
      'an SVG with a javascript: link',
      {
        bytes:
          '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="jav&#x09;ascript:alert(1)"><rect width="5" height="5"/></a></svg>',
        name: 'logo.svg',
        type: 'image/svg+xml',
      },
      'This SVG contains scripts or links, which are not allowed in a logo.',
    ],
    [
      'an SVG with foreignObject',
      {
        bytes: '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject></svg>',
        name: 'logo.svg',
        type: 'image/svg+xml',
      },
      'This SVG contains scripts or links, which are not allowed in a logo.',
    ],
    [
      'an SVG with an outside image',
      {
        bytes: '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://tracker.example/pixel.png" width="1" height="1"/></svg>',
        name: 'logo.svg',
        type: 'image/svg+xml',
      },
      'This SVG refers to other files or websites, which is not allowed in a logo.',
    ],
  ];

  it.each(cases)('%s', async (_, part, message) => {
    const { client, workspace } = await signUpAdmin(app);
    expect((await upload(client, { bytes: PNG, name: 'first.png', type: 'image/png' })).status).toBe(200);
    const before = await served(workspace.slug);
    const res = await upload(client, part);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message, field: 'logo' });
    const after = await served(workspace.slug);
    expect(after.status).toBe(200);
    expect(after.bytes.equals(before.bytes)).toBe(true);
    expect(after.headers.get('content-type')).toBe(before.headers.get('content-type'));
    expect(after.headers.get('etag')).toBe(before.headers.get('etag'));
  });
});

describe('bad input never gets a 500', () => {
  it.each([
    ['a JSON body', 'application/json', '{"logo": "x"}'],
    [
      'a broken multipart body',
      'multipart/form-data; boundary=zzz',
      '--zzz\r\nContent-Disposition: form-data; name="logo"; filename="a.png"\r\n\r\nnot closed',
    ],
    ['a multipart body without a boundary', 'multipart/form-data', 'whatever'],
    ['no body at all', 'multipart/form-data; boundary=zzz', ''],
  ])('answers 400 to %s', async (_, type, body) => {
    const { client } = await signUpAdmin(app);
    const res = await fetch(`${app.url}/api/upload-logo`, {
      method: 'POST',
      headers: { origin: app.url, cookie: `rc_session=${client.cookie('rc_session')}`, 'content-type': type },
      body,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: MESSAGES.missing, field: 'logo' });
  });

  it('answers a JSON 404 for a logo path with nothing after it', async () => {
    const res = await fetch(`${app.url}/api/logo/`);
    expect(res.status).toBe(404);
  });
});
