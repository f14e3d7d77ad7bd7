import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, newWorkspace } from '../helpers/client.ts';
import { databaseKind } from '../helpers/database.ts';
import { freePort, spawnServer } from '../helpers/server-process.ts';
import { withServerStarts } from '../helpers/deadlines.ts';

const pem = () => generateKeyPairSync('ed25519');
const exported = (key: ReturnType<typeof pem>['publicKey']) => key.export({ type: 'spki', format: 'pem' }).toString();

// HighLevel never retries a refusal: the delivery log keeps it, and once the reason is gone (here the
// operator fixes a wrong GHL_WEBHOOK_PUBLIC_KEY and restarts) "Process again" stores it, once.
describe.runIf(databaseKind === 'pglite')('processing a refused CRM delivery again', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rc-process-again-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('stores it once the reason is gone, and only once', { timeout: withServerStarts(2) }, async () => {
    const highLevel = pem();
    const port = String(await freePort());
    const env = { DATA_DIR: dataDir, PORT: port, PUBLIC_URL: `http://127.0.0.1:${port}` };
    const wrongKey = spawnServer({ ...env, GHL_WEBHOOK_PUBLIC_KEY: exported(pem().publicKey) });
    await wrongKey.ready();
    const admin = new Client(wrongKey.url, { origin: wrongKey.url });
    const workspace = newWorkspace();
    let url: string;
    let refusedId: number;
    const body = JSON.stringify({ reviewId: 'after-fix', reviewerName: 'Ana Silva', rating: 5, reviewText: 'Lovely' });
    const signature = sign(null, Buffer.from(body), highLevel.privateKey).toString('base64');
    try {
      expect((await admin.post('/api/register', workspace)).status).toBe(201);
      expect((await admin.post('/api/auth/admin', { password: workspace.adminPassword })).status).toBe(200);
      url = (await admin.get('/api/admin/crm-webhook')).json.url;
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-ghl-signature': signature }, body });
      expect(res.status).toBe(401);
      const [refused] = (await admin.get('/api/admin/crm-webhook/deliveries')).json.deliveries;
      expect(refused).toMatchObject({ status: 'refused', reason: 'Invalid signature' });
      refusedId = refused.id;
    } finally {
      await wrongKey.stop();
    }

    const fixed = spawnServer({ ...env, GHL_WEBHOOK_PUBLIC_KEY: exported(highLevel.publicKey) });
    await fixed.ready();
    try {
      const again = new Client(fixed.url, { origin: fixed.url });
      expect((await again.post('/api/auth/login', { slug: workspace.slug, password: workspace.password })).status).toBe(200);
      expect((await again.post('/api/auth/admin', { password: workspace.adminPassword })).status).toBe(200);
      const processed = await again.post(`/api/admin/crm-webhook/deliveries/${refusedId}/retry`);
      expect(processed.status).toBe(200);
      expect(processed.json.delivery).toMatchObject({ id: refusedId, status: 'stored', reason: null });
      expect((await again.post(`/api/admin/crm-webhook/deliveries/${refusedId}/retry`)).status).toBe(409);

      const listed = (await again.get('/api/admin/google-reviews')).json;
      const named = JSON.stringify(listed).match(/Ana Silva/g) ?? [];
      expect(named).toHaveLength(1);
      expect(processed.json.delivery.reviewId).toEqual(expect.any(Number));
    } finally {
      await fixed.stop();
    }
  });
});
