import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { passwordResets } from '#platform/db/schema.ts';
import { signUp } from '../helpers/accounts.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';

// Without SMTP_URL a reset link cannot reach anyone: none is made, the log says the mail could not be
// sent, and the answer is the usual one (never the link).
let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

it('logs that the reset email could not be sent, keeps no link, and answers as always', async () => {
  const written: string[] = [];
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => written.push(String(chunk)) > 0);
  try {
    const { workspace, workspaceId } = await signUp(app, { email: 'owner@acme.example' });
    const res = await new Client(app.url, { origin: app.url }).post('/api/auth/forgot-password', { slug: workspace.slug, email: 'owner@acme.example' });
    expect(res.status).toBe(200);
    expect(res.text).not.toMatch(/token|reset-password/);
    await vi.waitFor(() =>
      expect(written.map((line) => JSON.parse(line))).toContainEqual(
        expect.objectContaining({
          level: 'warn',
          workspaceId,
          msg: expect.stringMatching(/no mail server is configured \(SMTP_URL\): the email could not be sent/),
        }),
      ),
    );
    expect(written.join('\n')).not.toMatch(/token=/);
    expect(await app.database.db.select().from(passwordResets).where(eq(passwordResets.workspaceId, workspaceId))).toEqual([]);
  } finally {
    write.mockRestore();
  }
});
