import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Secrets kept at rest (the CRM webhook token; later the Google refresh token) are sealed with
// AES-256-GCM under a key derived from APP_SECRET: a copy of the database alone opens nothing.

export function secretBoxKey(appSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'review-challenge', 'secret-box', 32));
}

/** "v1.{iv}.{tag}.{ciphertext}", base64url. */
export function seal(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

/** The plain text, or null when the value was not sealed with this key (or was altered). */
export function open(sealed: string, key: Buffer): string | null {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
