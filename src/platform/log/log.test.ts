import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { describeError } from './log.ts';

describe('describeError', () => {
  it('leaves out a failed query parameters and the driver detail that quotes the row', () => {
    const driver = Object.assign(new Error('duplicate key value violates unique constraint "workspaces_slug_unique"'), {
      code: '23505',
      detail: 'Key (slug)=(acme-secret) already exists.',
      parameters: ['acme-secret', 'owner@acme.example'],
    });
    const error = new DrizzleQueryError(
      'insert into "workspaces" ("slug", "admin_email", "staff_password_hash") values ($1, $2, $3)',
      ['acme-secret', 'owner@acme.example', 'scrypt$32768$8$1$c2FsdA$a2V5'],
      driver,
    );
    const text = describeError(error);
    expect(text).toContain('Failed query: insert into "workspaces"');
    expect(text).toContain('caused by Error [23505]: duplicate key value violates unique constraint');
    for (const secret of ['acme-secret', 'owner@acme.example', 'scrypt$', 'Key (slug)']) expect(text).not.toContain(secret);
  });

  it('says what was thrown when it is not an error', () => {
    expect(describeError('boom')).toBe('string thrown');
    expect(describeError({ queue: 'email' })).toBe('object thrown');
  });

  // Issue 27, item 19: a database outage logged 42 lines reading only "object thrown".
  it("reads the reason from the copy of an error the job queue reports, its query's parameters left out", () => {
    const failed = new Error('connect ECONNREFUSED 127.0.0.1:5432\nparams: owner@acme.example');
    Object.assign(failed, { code: 'ECONNREFUSED' });
    const reported = { ...failed, message: failed.message, stack: failed.stack, queue: 'email', worker: 'w1' };
    const text = describeError(reported);
    expect(text).toMatch(/^Error \[ECONNREFUSED\]: connect ECONNREFUSED 127\.0\.0\.1:5432\n\s+at /);
    expect(text).not.toContain('owner@acme.example');
  });
});
