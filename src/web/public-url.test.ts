import { describe, expect, it } from 'vitest';
import { linkBase } from './public-url.ts';

describe('linkBase', () => {
  it('uses PUBLIC_URL when the operator set it, whatever address the page was opened with', () => {
    expect(linkBase({ publicUrl: 'https://reviews.example.com', publicUrlSet: true }, new URL('http://10.0.0.5:3000/api/x'))).toBe(
      'https://reviews.example.com',
    );
  });

  it('uses the address the page was opened with when PUBLIC_URL is unset, never localhost for another host', () => {
    const config = { publicUrl: 'http://localhost:3000', publicUrlSet: false };
    expect(linkBase(config, new URL('http://192.168.1.20:3000/api/review-requests'))).toBe('http://192.168.1.20:3000');
    expect(linkBase(config, new URL('http://localhost:3000/api/review-requests'))).toBe('http://localhost:3000');
  });
});
