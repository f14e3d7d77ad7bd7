import { generateKeyPairSync, sign } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '#platform/db/schema.ts';
import { signUpAdmin } from '../helpers/accounts.ts';
import { startApp, type TestApp } from '../helpers/app.ts';

// With GHL_WEBHOOK_PUBLIC_KEY set, every delivery must carry a valid X-GHL-Signature (Ed25519 over
// the raw body); each refusal is in the delivery log with its reason.

const { publicKey, privateKey } = generateKeyPairSync('ed25519');

let app: TestApp;
beforeAll(async () => {
  app = await startApp({ GHL_WEBHOOK_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString() });
});
afterAll(() => app.close());

const body = JSON.stringify({ reviewId: 'signed-1', reviewerName: 'Ana Silva', rating: 5 });
const signed = (key = privateKey) => sign(null, Buffer.from(body), key).toString('base64');
const deliver = (url: string, headers: Record<string, string>) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

describe('signed CRM deliveries', () => {
  it('refuses a delivery without a signature, with an empty one or with N/A, and one signed by another key', async () => {
    const admin = await signUpAdmin(app);
    const url = (await admin.client.get('/api/admin/crm-webhook')).json.url;
    const cases: [Record<string, string>, string][] = [
      [{}, 'Signature required'],
      [{ 'x-ghl-signature': '' }, 'Signature required'],
      [{ 'x-ghl-signature': 'N/A' }, 'Signature required'],
      [{ 'x-ghl-signature': Buffer.from('not a signature').toString('base64') }, 'Invalid signature'],
      [{ 'x-ghl-signature': signed(generateKeyPairSync('ed25519').privateKey) }, 'Invalid signature'],
    ];
    for (const [headers, reason] of cases) {
      const res = await deliver(url, headers);
      expect(res.status).toBe(401);
      expect((await res.json()).message).toBe(reason);
    }
    const stored = () => app.database.db.select().from(reviews).where(eq(reviews.workspaceId, admin.workspaceId));
    expect(await stored()).toHaveLength(0);
    const log = (await admin.client.get('/api/admin/crm-webhook/deliveries')).json.deliveries;
    expect(log.map((d: { reason: string }) => d.reason)).toEqual(cases.map(([, reason]) => reason).reverse());

    // Processed again under the same key, the reason holds.
    const again = await admin.client.post(`/api/admin/crm-webhook/deliveries/${log[0].id}/retry`);
    expect(again.status).toBe(422);
    expect(again.json.message).toBe('Invalid signature');

    expect((await deliver(url, { 'x-ghl-signature': signed() })).status).toBe(201);
    expect(await stored()).toHaveLength(1);
  });
});
