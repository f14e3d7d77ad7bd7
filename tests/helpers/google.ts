import { expect } from 'vitest';
import { fakeGoogleEnv, type FakeGoogle } from '../fakes/google-server.ts';
import type { Client } from './client.ts';

/** The environment that points the app's Google integration at a fake (INTEGRATIONS.md variables). */
export function googleEnv(fake: FakeGoogle): Record<string, string> {
  return fakeGoogleEnv(fake.url, fake.state.clientId, fake.state.clientSecret);
}

/**
 * Walks the OAuth flow as a browser does: initiate -> Google's consent (the fake answers at once) ->
 * the callback. Answers where the app finally sent the browser (its admin page with the outcome).
 */
export async function connectGoogle(client: Client): Promise<URL> {
  const initiate = await client.get('/api/gmb/oauth/initiate');
  expect(initiate.status).toBe(302);
  const consent = await fetch(initiate.headers.get('location')!, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const callback = new URL(consent.headers.get('location')!);
  const back = await client.get(callback.pathname + callback.search);
  expect(back.status).toBe(302);
  return new URL(back.headers.get('location')!, client.baseUrl);
}
