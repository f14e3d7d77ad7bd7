import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { PASSWORD_HASH_COST, readPasswordHashCost } from './config.ts';
import { WorkQueue } from './work-queue.ts';

// scrypt is memory-hard: N=2^15, r=8 needs 32 MiB per hash, which is what makes guessing expensive.
const PARAMS = { r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const MAX_MEMORY_BYTES = 64 * 1024 * 1024;
/** One hash per core at most: checking a sign-in goes first, hashing new passwords waits. */
const work = new WorkQueue(Math.max(1, availableParallelism()));

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: MAX_MEMORY_BYTES };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** The cost new hashes get: PASSWORD_HASH_COST where a test run lowered it (config.ts refuses it elsewhere). */
function configuredCost(): number {
  const cost = readPasswordHashCost(process.env);
  return typeof cost === 'number' ? cost : PASSWORD_HASH_COST;
}

/**
 * Format: scrypt$N$r$p$salt$key (base64url), so the parameters can be raised later and a hash made
 * at any cost still verifies.
 */
export async function hashPassword(password: string, cost = configuredCost()): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** cost;
  const key = await work.run(() => derive(password, salt, { N, ...PARAMS }), 'background');
  return ['scrypt', N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algorithm, n, r, p, salt, key] = stored.split('$');
  if (algorithm !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await work.run(() => derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) }), 'urgent');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
