import { createPublicKey, verify, type KeyObject } from 'node:crypto';

/** HighLevel's public key from configuration: PEM, or base64 of the DER (SPKI) or of the raw 32 bytes. */
export function readPublicKey(configured: string): KeyObject {
  const text = configured.trim();
  if (text.includes('BEGIN PUBLIC KEY')) return createPublicKey(text);
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length === 32) {
    // The fixed SPKI prefix for an Ed25519 key, followed by the raw key.
    const prefix = Buffer.from('302a300506032b6570032100', 'hex');
    return createPublicKey({ key: Buffer.concat([prefix, bytes]), format: 'der', type: 'spki' });
  }
  return createPublicKey({ key: bytes, format: 'der', type: 'spki' });
}

/** An Ed25519 signature (base64) over the raw body. */
export function isValidSignature(rawBody: Uint8Array, signature: string, key: KeyObject): boolean {
  try {
    return verify(null, rawBody, key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}
