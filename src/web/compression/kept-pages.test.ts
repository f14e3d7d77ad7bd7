import { describe, expect, it } from 'vitest';
import { DashboardSnapshot } from '#domain/game/dashboard.ts';
import type { Dashboard } from '#domain/game/dashboard.ts';
import { brotliDecompressSync } from 'node:zlib';
import { keepIfMarked, keptDashboardJson, keptPage } from './kept-pages.ts';

/** What a page's render has in Astro.locals: only keepPage matters here. */
const locals = () => ({}) as App.Locals;
const plain = new Request('http://localhost/harbourside');
const brotli = new Request('http://localhost/harbourside', { headers: { 'accept-encoding': 'gzip, br' } });

const snapshot = () => new DashboardSnapshot({ companyName: 'Harbourside' } as Dashboard);
const page = (body: string, init: ResponseInit = {}) =>
  new Response(body, { status: 200, headers: { 'content-type': 'text/html', 'content-security-policy': "script-src 'self'" }, ...init });

describe('wallboard pages kept with their snapshot', () => {
  it('answers a marked page again from memory, with its headers, for the same snapshot and variant only', async () => {
    const kept = snapshot();
    const answered = await keepIfMarked({ snapshot: kept, variant: 'set up' }, page('<h1>Board</h1>'));
    expect(await answered.text()).toBe('<h1>Board</h1>');
    const again = keptPage(locals(), kept, 'set up', plain)!;
    expect(again.status).toBe(200);
    expect(await again.text()).toBe('<h1>Board</h1>');
    expect(again.headers.get('content-security-policy')).toBe("script-src 'self'");
    // Each answer is its own: reading one leaves the next whole.
    expect(await keptPage(locals(), kept, 'set up', plain)!.text()).toBe('<h1>Board</h1>');
    expect(keptPage(locals(), kept, 'strip', plain)).toBeNull();
    expect(keptPage(locals(), snapshot(), 'set up', plain)).toBeNull();
  });

  it('answers in the coding the request accepts, compressed once, and says it varies by it', async () => {
    const kept = snapshot();
    const html = `<main>${'<p>A line of the board</p>'.repeat(100)}</main>`;
    await keepIfMarked({ snapshot: kept, variant: 'v' }, page(html));
    const first = keptPage(locals(), kept, 'v', brotli)!;
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(first.headers.get('vary')).toBe('Accept-Encoding');
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(first.headers.get('content-length')).toBe(String(bytes.length));
    expect(brotliDecompressSync(bytes).toString()).toBe(html);
    expect(Buffer.from(await keptPage(locals(), kept, 'v', brotli)!.arrayBuffer())).toEqual(bytes);
    const identity = keptPage(locals(), kept, 'v', plain)!;
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(await identity.text()).toBe(html);
  });

  it('marks the render for keeping when nothing is kept yet', () => {
    const kept = snapshot();
    const rendering = locals();
    expect(keptPage(rendering, kept, 'set up', plain)).toBeNull();
    expect(rendering.keepPage).toEqual({ snapshot: kept, variant: 'set up' });
  });

  it('keeps nothing unmarked, nothing but a 200, and nothing that sets a cookie', async () => {
    const kept = snapshot();
    const unmarked = page('a');
    expect(await keepIfMarked(undefined, unmarked)).toBe(unmarked);
    await keepIfMarked({ snapshot: kept, variant: 'missing' }, page('gone', { status: 404 }));
    await keepIfMarked({ snapshot: kept, variant: 'cookie' }, new Response('x', { headers: { 'set-cookie': 'a=b' } }));
    expect(keptPage(locals(), kept, 'missing', plain)).toBeNull();
    expect(keptPage(locals(), kept, 'cookie', plain)).toBeNull();
  });

  it("answers the dashboard's JSON as jsonText would, made once per snapshot and coding", async () => {
    const kept = new DashboardSnapshot({
      companyName: 'Harbourside',
      teams: Array.from({ length: 40 }, (_, id) => ({ id, name: `Team ${id}` })),
    } as unknown as Dashboard);
    const plainAnswer = keptDashboardJson(kept, 'json', plain);
    expect(plainAnswer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(plainAnswer.headers.get('cache-control')).toBe('no-store');
    expect(await plainAnswer.text()).toBe(kept.json);
    const encoded = keptDashboardJson(kept, 'json', brotli);
    expect(encoded.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await encoded.arrayBuffer())).toString()).toBe(kept.json);
    expect(await keptDashboardJson(kept, 'apiJson', plain).text()).toBe(kept.apiJson);
  });
});
