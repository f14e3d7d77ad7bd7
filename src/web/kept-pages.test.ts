import { describe, expect, it } from 'vitest';
import { DashboardSnapshot } from '#domain/game/dashboard.ts';
import type { Dashboard } from '#domain/game/dashboard.ts';
import { keepIfMarked, keptPage } from './kept-pages.ts';

const snapshot = () => new DashboardSnapshot({ companyName: 'Harbourside' } as Dashboard);
const page = (body: string, init: ResponseInit = {}) =>
  new Response(body, { status: 200, headers: { 'content-type': 'text/html', 'content-security-policy': "script-src 'self'" }, ...init });

describe('wallboard pages kept with their snapshot', () => {
  it('answers a marked page again from memory, with its headers, for the same snapshot and variant only', async () => {
    const kept = snapshot();
    const answered = await keepIfMarked({ snapshot: kept, variant: 'set up' }, page('<h1>Board</h1>'));
    expect(await answered.text()).toBe('<h1>Board</h1>');
    const again = keptPage(kept, 'set up')!;
    expect(again.status).toBe(200);
    expect(await again.text()).toBe('<h1>Board</h1>');
    expect(again.headers.get('content-security-policy')).toBe("script-src 'self'");
    // Each answer is its own: reading one leaves the next whole.
    expect(await keptPage(kept, 'set up')!.text()).toBe('<h1>Board</h1>');
    expect(keptPage(kept, 'strip')).toBeNull();
    expect(keptPage(snapshot(), 'set up')).toBeNull();
  });

  it('keeps nothing unmarked, nothing but a 200, and nothing that sets a cookie', async () => {
    const kept = snapshot();
    const unmarked = page('a');
    expect(await keepIfMarked(undefined, unmarked)).toBe(unmarked);
    await keepIfMarked({ snapshot: kept, variant: 'missing' }, page('gone', { status: 404 }));
    await keepIfMarked({ snapshot: kept, variant: 'cookie' }, new Response('x', { headers: { 'set-cookie': 'a=b' } }));
    expect(keptPage(kept, 'missing')).toBeNull();
    expect(keptPage(kept, 'cookie')).toBeNull();
  });
});
