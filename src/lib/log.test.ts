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
    const error = new DrizzleQueryError('insert into "workspaces" ("slug", "admin_email", "staff_password_hash") values ($1, $2, $3)', ['acme-secret', 'owner@acme.example', 'scrypt$32768$8$1$c2FsdA$a2V5'], driver);
    const text = describeError(error);
    expect(text).toContain('Failed query: insert into "workspaces"');
    expect(text).toContain('caused by Error [23505]: duplicate key value violates unique constraint');
    for (const secret of ['acme-secret', 'owner@acme.example', 'scrypt$', 'Key (slug)']) expect(text).not.toContain(secret);
  });

  it('says what was thrown when it is not an error', () => {
    expect(describeError('boom')).toBe('string thrown');
  });
});
