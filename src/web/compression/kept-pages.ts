// A wallboard page is the same for every reader of the same dashboard snapshot (docs/decisions/070):
// rendered once per snapshot and variant (the set-up strip's state, a kiosk token, a named wallboard)
// and answered from memory until the snapshot is replaced (by the workspace's next live notice, or
// after its 2 s), compressed once per coding. A TV wall reconnecting at once, or a page reloaded by
// many screens, costs one render.
import type { DashboardSnapshot } from '#domain/game/dashboard.ts';
import { jsonText } from '../http.ts';
import { encodeWhole } from './compress.ts';
import { MIN_COMPRESSED_BYTES, negotiateEncoding, varyWithAcceptEncoding, type Encoding } from './negotiate.ts';

interface KeptPage {
  body: ArrayBuffer;
  headers: [string, string][];
  encoded: Partial<Record<Encoding, ArrayBuffer>>;
}

/** The bytes of a Buffer as an ArrayBuffer of their own (what a Response takes). */
const ownBytes = (data: Buffer): ArrayBuffer => data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;

/** What a render marked for keeping is kept under: the snapshot it was made from, and its variant. */
export interface KeepMark {
  snapshot: DashboardSnapshot;
  variant: string;
}

const kept = new WeakMap<DashboardSnapshot, Map<string, KeptPage>>();

/**
 * The page rendered from this snapshot in this variant, as a new answer in the coding the request
 * accepts (the compression layer passes an encoded answer through); null when none is kept, and then
 * the render about to happen is marked for keeping (`locals.keepPage`, read by the middleware).
 */
export function keptPage(locals: App.Locals, snapshot: DashboardSnapshot, variant: string, request: Request): Response | null {
  const page = kept.get(snapshot)?.get(variant);
  if (page) return answerOf(page, request);
  locals.keepPage = { snapshot, variant };
  return null;
}

/**
 * The dashboard's JSON as the screens' API (`json`) or the public API (`apiJson`) answers it
 * (jsonText), kept with the snapshot like its pages and compressed once per coding: every screen on
 * a board asks for the same bytes.
 */
export function keptDashboardJson(snapshot: DashboardSnapshot, form: 'json' | 'apiJson', request: Request): Response {
  let pages = kept.get(snapshot);
  if (!pages) kept.set(snapshot, (pages = new Map()));
  let page = pages.get(form);
  if (!page) pages.set(form, (page = { body: ownBytes(Buffer.from(snapshot[form])), headers: [...jsonText('').headers], encoded: {} }));
  return answerOf(page, request);
}

function answerOf(page: KeptPage, request: Request): Response {
  const encoding = page.body.byteLength >= MIN_COMPRESSED_BYTES ? negotiateEncoding(request.headers.get('accept-encoding')) : null;
  const headers = new Headers(page.headers);
  headers.set('vary', varyWithAcceptEncoding(headers.get('vary') ?? undefined));
  if (!encoding) return new Response(page.body, { status: 200, headers });
  const body = (page.encoded[encoding] ??= ownBytes(encodeWhole(encoding, Buffer.from(page.body))));
  headers.set('content-encoding', encoding);
  headers.set('content-length', String(body.byteLength));
  return new Response(body, { status: 200, headers });
}

/**
 * Keeps a rendered page (the middleware calls this with each answer whose route marked it): a 200
 * that sets no cookie is read whole, kept, and answered from what was read.
 */
export async function keepIfMarked(mark: KeepMark | undefined, response: Response): Promise<Response> {
  if (!mark || response.status !== 200 || response.headers.has('set-cookie') || response.headers.has('content-encoding')) return response;
  const body = await response.arrayBuffer();
  const headers = [...response.headers];
  let pages = kept.get(mark.snapshot);
  if (!pages) kept.set(mark.snapshot, (pages = new Map()));
  pages.set(mark.variant, { body, headers, encoded: {} });
  return new Response(body, { status: 200, headers });
}
