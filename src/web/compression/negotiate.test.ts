import { describe, expect, it } from 'vitest';
import { isCompressibleType, negotiateEncoding, varyWithAcceptEncoding } from './negotiate.ts';

describe('negotiateEncoding', () => {
  it('offers nothing without the header, or for identity alone', () => {
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding('')).toBeNull();
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('deflate, zstd')).toBeNull();
  });

  it('prefers brotli when both are equally welcome, as browsers send', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('br;q=1.0, gzip;q=1.0')).toBe('br');
  });

  it('follows q-values', () => {
    expect(negotiateEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.9, gzip;q=0.8')).toBe('br');
    expect(negotiateEncoding('gzip; q=0.2')).toBe('gzip');
  });

  it('takes q=0 as a refusal', () => {
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(negotiateEncoding('gzip;q=0.000')).toBeNull();
  });

  it('reads * as every coding not named', () => {
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('br;q=0, *')).toBe('gzip');
    expect(negotiateEncoding('*;q=0')).toBeNull();
    expect(negotiateEncoding('gzip, *;q=0')).toBe('gzip');
  });

  it('is forgiving about case, spacing, x-gzip and repeated headers', () => {
    expect(negotiateEncoding('  GZIP ')).toBe('gzip');
    expect(negotiateEncoding('x-gzip')).toBe('gzip');
    expect(negotiateEncoding(['deflate', 'br'])).toBe('br');
    // A malformed weight is ignored: the coding keeps the default q=1.
    expect(negotiateEncoding('gzip;q=abc')).toBe('gzip');
  });
});

describe('isCompressibleType', () => {
  it('compresses HTML, CSS, JavaScript, JSON and SVG', () => {
    for (const type of [
      'text/html; charset=utf-8',
      'text/css',
      'text/javascript',
      'application/javascript; charset=utf-8',
      'application/json',
      'application/problem+json',
      'image/svg+xml',
      'text/plain',
    ]) {
      expect(isCompressibleType(type), type).toBe(true);
    }
  });

  it('never compresses event streams, images, fonts or unknown answers', () => {
    for (const type of ['text/event-stream', 'Text/Event-Stream; charset=utf-8', 'image/png', 'font/woff2', 'application/octet-stream', undefined, 12]) {
      expect(isCompressibleType(type as string), String(type)).toBe(false);
    }
  });
});

describe('varyWithAcceptEncoding', () => {
  it('adds Accept-Encoding once', () => {
    expect(varyWithAcceptEncoding(undefined)).toBe('Accept-Encoding');
    expect(varyWithAcceptEncoding('Origin')).toBe('Origin, Accept-Encoding');
    expect(varyWithAcceptEncoding('accept-encoding')).toBe('accept-encoding');
    expect(varyWithAcceptEncoding(['Origin', 'Cookie'])).toBe('Origin, Cookie, Accept-Encoding');
    expect(varyWithAcceptEncoding('*')).toBe('*');
  });
});

describe('negotiateEncoding with fewer codings offered', () => {
  it('chooses among the offered codings only', () => {
    expect(negotiateEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(negotiateEncoding('br', ['gzip'])).toBeNull();
  });
});
