import { describe, expect, it } from 'vitest';
import { PASSWORD_HASH_COST } from './config.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse');
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horse!', stored)).toBe(false);
  });

  it("stores a salted scrypt hash at the product's cost (N = 2^15), never the password", async () => {
    const a = await hashPassword('same-password', PASSWORD_HASH_COST);
    const b = await hashPassword('same-password', PASSWORD_HASH_COST);
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword('same-password', a)).toBe(true);
    expect(a).not.toContain('same-password');
    expect(a).not.toBe(b);
  });

  it("hashes at the suite's lower cost only where the environment asks for it", async () => {
    const previous = process.env.PASSWORD_HASH_COST;
    try {
      process.env.PASSWORD_HASH_COST = '11';
      expect(await hashPassword('x')).toMatch(/^scrypt\$2048\$/);
      delete process.env.PASSWORD_HASH_COST;
      expect(await hashPassword('x')).toMatch(/^scrypt\$32768\$/);
    } finally {
      if (previous === undefined) delete process.env.PASSWORD_HASH_COST;
      else process.env.PASSWORD_HASH_COST = previous;
    }
  });

  it('refuses a malformed stored value', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
  });
});
