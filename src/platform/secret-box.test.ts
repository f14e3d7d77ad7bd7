import { describe, expect, it } from 'vitest';
import { open, seal, secretBoxKey } from './secret-box.ts';

const key = secretBoxKey('an-app-secret-long-enough-0123456789-0123');

describe('secret box', () => {
  it('seals and opens, never showing the plain text', () => {
    const sealed = seal('refresh-token-123', key);
    expect(sealed).not.toContain('refresh-token-123');
    expect(open(sealed, key)).toBe('refresh-token-123');
    expect(seal('same', key)).not.toBe(seal('same', key));
  });

  it('refuses another key and an altered value', () => {
    const sealed = seal('secret', key);
    expect(open(sealed, secretBoxKey('another-app-secret-0123456789-0123456'))).toBeNull();
    expect(open(sealed.slice(0, -2) + 'AA', key)).toBeNull();
    expect(open('garbage', key)).toBeNull();
  });
});
