// Which content coding an answer gets (docs/decisions/040): brotli or gzip, from the request's
// Accept-Encoding with its q-values; nothing else is offered.

export type Encoding = 'br' | 'gzip';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const MIN_COMPRESSED_BYTES = 1024;

/** Preferred first when the client likes both equally: brotli is smaller for text. */
const OFFERED: Encoding[] = ['br', 'gzip'];

/**
 * The coding to use for a request's Accept-Encoding header, or null for none (identity).
 * Follows RFC 9110 section 12.5.3: q=0 refuses a coding, `*` stands for every coding not named,
 * `x-gzip` is gzip; between equal q-values brotli wins. `offered` narrows the choice (a file with
 * only a .gz beside it).
 */
export function negotiateEncoding(header: string | string[] | undefined | null, offered: readonly Encoding[] = OFFERED): Encoding | null {
  if (header === undefined || header === null) return null;
  const text = Array.isArray(header) ? header.join(',') : header;
  const weights = new Map<string, number>();
  for (const part of text.split(',')) {
    const [rawName, ...params] = part.split(';');
    let name = rawName!.trim().toLowerCase();
    if (!name) continue;
    if (name === 'x-gzip') name = 'gzip';
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
      if (match) q = Math.min(1, Math.max(0, Number(match[1]) || 0));
    }
    // A coding named twice keeps its best weight.
    weights.set(name, Math.max(q, weights.get(name) ?? 0));
  }
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const coding of offered) {
    const q = weights.get(coding) ?? weights.get('*') ?? 0;
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  return best;
}

/** HTML, CSS, JavaScript, JSON, SVG and other text is compressed; images, fonts and event streams are not. */
export function isCompressibleType(contentType: string | number | string[] | undefined | null): boolean {
  if (typeof contentType !== 'string') return false;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'text/event-stream') return false;
  if (type.startsWith('text/')) return true;
  return (
    type === 'application/json' ||
    type.endsWith('+json') ||
    type === 'application/javascript' ||
    type === 'application/ecmascript' ||
    type === 'application/xml' ||
    type.endsWith('+xml') ||
    type === 'application/manifest+json' ||
    type === 'image/svg+xml'
  );
}

/** Adds Accept-Encoding to a Vary header's value (kept when already there, `*` left alone). */
export function varyWithAcceptEncoding(current: string | number | string[] | undefined): string {
  const value = Array.isArray(current) ? current.join(', ') : current === undefined ? '' : String(current);
  const names = value
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  if (names.some((n) => n === '*' || n.toLowerCase() === 'accept-encoding')) return names.join(', ');
  return [...names, 'Accept-Encoding'].join(', ');
}
