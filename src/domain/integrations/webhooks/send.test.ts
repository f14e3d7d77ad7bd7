import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { sendWebhook } from './send.ts';
import { generateWebhookSecret } from './signature.ts';

const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function serve(answer: (res: import('node:http').ServerResponse) => void) {
  const got: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      answer(res);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, got };
}

describe('sendWebhook', () => {
  it('posts a body the reference implementation verifies, and reports a 2xx as delivered', async () => {
    const { url, got } = await serve((res) => res.end('thanks'));
    const secret = generateWebhookSecret();
    const body = JSON.stringify({ type: 'review.created', timestamp: '2026-01-01T00:00:00.000Z', data: { id: 7 } });
    const outcome = await sendWebhook({ url, secret, allowPrivate: true }, 'd2a3c1c4-0000-5000-8000-000000000001', body);
    expect(outcome).toMatchObject({ ok: true, httpStatus: 200, error: null });
    const [request] = got;
    expect(request!.headers['content-type']).toBe('application/json');
    expect(new Webhook(secret).verify(request!.body, request!.headers as Record<string, string>)).toEqual(JSON.parse(body));
  });

  it('does not follow a redirect', async () => {
    const { url } = await serve((res) => {
      res.writeHead(302, { location: 'http://169.254.169.254/' });
      res.end();
    });
    expect(await sendWebhook({ url, secret: generateWebhookSecret(), allowPrivate: true }, 'id', '{}')).toMatchObject({
      ok: false,
      httpStatus: 302,
      error: 'Redirects are not followed',
    });
  });

  it('reports a refusal with its status, and reads only the start of a long answer', async () => {
    const { url } = await serve((res) => {
      res.statusCode = 503;
      res.end('x'.repeat(1_000_000));
    });
    expect(await sendWebhook({ url, secret: generateWebhookSecret(), allowPrivate: true }, 'id', '{}')).toMatchObject({
      ok: false,
      httpStatus: 503,
      error: 'HTTP 503',
    });
  });

  it('refuses a private target at delivery time without connecting', async () => {
    const { url, got } = await serve((res) => res.end());
    const outcome = await sendWebhook({ url, secret: generateWebhookSecret(), allowPrivate: false }, 'id', '{}');
    expect(outcome).toMatchObject({ ok: false, httpStatus: null, error: expect.stringContaining('public address') });
    expect(got).toHaveLength(0);
  });

  it('reports a connection failure', async () => {
    const { url } = await serve((res) => res.end());
    servers[0]!.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await sendWebhook({ url, secret: generateWebhookSecret(), allowPrivate: true }, 'id', '{}')).toMatchObject({
      ok: false,
      httpStatus: null,
      error: expect.stringContaining('ECONNREFUSED'),
    });
  });
});
