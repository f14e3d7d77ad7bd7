import { eq } from 'drizzle-orm';
import type { Db } from './db/database.ts';
import { logos } from './db/schema.ts';

// The company logo: checked from its bytes (never its name or declared type), kept in the database,
// served from GET /api/logo/{slug} under a CSP that lets nothing run even if a check were missed.

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

export const LOGO_MESSAGES = {
  missing: 'Please select a logo file first',
  tooLarge: 'File too large. Maximum size is 2MB.',
  wrongType: 'Invalid file type. Please select JPG, PNG, or SVG.',
  unsafeSvg: 'This SVG contains scripts or links, which are not allowed in a logo.',
  externalSvg: 'This SVG refers to other files or websites, which is not allowed in a logo.',
  entitySvg: 'This SVG declares XML entities, which are not allowed in a logo.',
} as const;

export type LogoContentType = 'image/png' | 'image/jpeg' | 'image/svg+xml';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, signature: number[]) => bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

export type LogoCheck = { ok: true; contentType: LogoContentType } | { ok: false; message: string };

/** What the upload says it is: the file's name and the type its part declared. Neither is trusted. */
export interface LogoClaim {
  name?: string;
  type?: string;
}

const TYPE_OF_EXTENSION: Record<string, LogoContentType> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jpe: 'image/jpeg',
  svg: 'image/svg+xml',
};

/** A claim that contradicts the real type (a PNG named logo.svg, an SVG declared image/png, a .html file). */
function claimContradicts(real: LogoContentType, claim: LogoClaim): boolean {
  const declared = (claim.type ?? '').split(';')[0]!.trim().toLowerCase().replace('image/jpg', 'image/jpeg');
  if (declared && declared !== 'application/octet-stream' && declared !== real) return true;
  const extension = /\.([^./\\]+)$/.exec(claim.name ?? '')?.[1]?.toLowerCase();
  return extension !== undefined && TYPE_OF_EXTENSION[extension] !== real;
}

/**
 * Decides what a file really is from its bytes (PNG or JPEG signature, or an SVG document that passes
 * checkSvg) and refuses it when its name or declared type says it is something else.
 */
export function checkLogo(bytes: Uint8Array, claim: LogoClaim = {}): LogoCheck {
  if (bytes.length === 0) return { ok: false, message: LOGO_MESSAGES.missing };
  if (bytes.length > LOGO_MAX_BYTES) return { ok: false, message: LOGO_MESSAGES.tooLarge };
  let real: LogoContentType;
  if (startsWith(bytes, PNG_SIGNATURE)) real = 'image/png';
  else if (startsWith(bytes, JPEG_SIGNATURE)) real = 'image/jpeg';
  else {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return { ok: false, message: LOGO_MESSAGES.wrongType };
    }
    if (!looksLikeSvg(text)) return { ok: false, message: LOGO_MESSAGES.wrongType };
    real = 'image/svg+xml';
    if (claimContradicts(real, claim)) return { ok: false, message: LOGO_MESSAGES.wrongType };
    const svg = checkSvg(text);
    if (!svg.ok) return svg;
  }
  if (claimContradicts(real, claim)) return { ok: false, message: LOGO_MESSAGES.wrongType };
  return { ok: true, contentType: real };
}

/** The first element (after any prolog) is <svg>: the document means to be an SVG. */
function looksLikeSvg(text: string): boolean {
  const prolog = /^\uFEFF?\s*(?:<\?xml[^>]*>\s*)?(?:(?:<!--[\s\S]*?-->|<!doctype[^>[]*(?:\[[\s\S]*?\])?\s*>)\s*)*/i.exec(text);
  return /^<(?:[\w.-]+:)?svg[\s/>]/i.test(text.slice(prolog?.[0].length ?? 0));
}

// Elements that run code, embed other documents or pull in other resources.
const FORBIDDEN_ELEMENTS = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'handler', 'listener', 'audio', 'video', 'canvas']);

const ENTITY_REFERENCE = /&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);?/gi;
const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", colon: ':', tab: '\t', newline: '\n' };

/** An attribute value as the browser reads it: character references resolved, whitespace and controls dropped, lower case. */
function normalised(value: string): string {
  return value
    .replace(ENTITY_REFERENCE, (whole, ref: string) => {
      const lower = ref.toLowerCase();
      const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : lower.startsWith('#') ? parseInt(lower.slice(1), 10) : NaN;
      if (!Number.isNaN(code)) return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
      return NAMED_ENTITIES[lower] ?? whole;
    })
    .replace(/[\u0000-\u0020\u007f-\u009f]+/g, '')
    .replace(/\\/g, '')
    .toLowerCase();
}

/** CSS (a style attribute or a <style> element) that loads nothing from outside the document. */
function cssProblem(css: string): string | undefined {
  const flat = normalised(css);
  if (flat.includes('javascript:') || flat.includes('expression(') || flat.includes('-moz-binding') || flat.includes('behavior:')) {
    return LOGO_MESSAGES.unsafeSvg;
  }
  if (flat.includes('@import')) return LOGO_MESSAGES.externalSvg;
  for (const match of flat.matchAll(/url\(([^)]*)\)/g)) {
    const target = match[1]!.replace(/^['"]|['"]$/g, '');
    if (!target.startsWith('#')) return target.startsWith('data:') ? LOGO_MESSAGES.unsafeSvg : LOGO_MESSAGES.externalSvg;
  }
  return undefined;
}

function attributeProblem(name: string, value: string): string | undefined {
  const local = name.toLowerCase().replace(/^.*:/, '');
  if (local.startsWith('on')) return LOGO_MESSAGES.unsafeSvg;
  const flat = normalised(value);
  // <set>/<animate> that would write a link or a handler at run time.
  if (local === 'attributename' && (flat.endsWith('href') || flat.replace(/^.*:/, '').startsWith('on'))) return LOGO_MESSAGES.unsafeSvg;
  if (flat.includes('javascript:') || flat.includes('vbscript:')) return LOGO_MESSAGES.unsafeSvg;
  if (local === 'href' || local === 'src' || local === 'action' || local === 'formaction') {
    if (flat === '' || flat.startsWith('#')) return undefined;
    return flat.startsWith('data:') ? LOGO_MESSAGES.unsafeSvg : LOGO_MESSAGES.externalSvg;
  }
  if (name.toLowerCase() === 'xml:base') return LOGO_MESSAGES.externalSvg;
  return cssProblem(value);
}

const NAME = '[A-Za-z_][\\w.:-]*';
const ATTRIBUTE = new RegExp(`\\s+(${NAME})\\s*=\\s*("[^"]*"|'[^']*')`, 'y');

/**
 * Accepts an SVG document for use as a logo, or says why not. It reads the markup itself (comments,
 * the XML declaration, CDATA, tags and quoted attributes) and refuses rather than repairs: the root
 * element must be <svg>; no DOCTYPE internal subset or entity declaration; no processing instruction
 * other than the XML declaration; no script, foreignObject or embedding element; no on* attribute;
 * no javascript:, data: or outside reference in href/xlink:href or CSS url(); no @import.
 */
export function checkSvg(text: string): { ok: true } | { ok: false; message: string } {
  const fail = (message: string) => ({ ok: false as const, message });
  const source = text.replace(/^\uFEFF/, '');
  let i = 0;
  let root: string | undefined;
  const open: string[] = [];
  let styleText = '';

  while (i < source.length) {
    const lt = source.indexOf('<', i);
    const textRun = source.slice(i, lt === -1 ? source.length : lt);
    // Only white space may stand outside the root element.
    if ((root === undefined || open.length === 0) && textRun.trim() !== '') return fail(LOGO_MESSAGES.wrongType);
    if (open.at(-1) === 'style') styleText += textRun;
    if (lt === -1) break;
    i = lt;

    if (source.startsWith('<!--', i)) {
      const end = source.indexOf('-->', i + 4);
      if (end === -1) return fail(LOGO_MESSAGES.wrongType);
      i = end + 3;
    } else if (source.startsWith('<![CDATA[', i)) {
      if (root === undefined) return fail(LOGO_MESSAGES.wrongType);
      const end = source.indexOf(']]>', i + 9);
      if (end === -1) return fail(LOGO_MESSAGES.wrongType);
      if (open.at(-1) === 'style') styleText += source.slice(i + 9, end);
      i = end + 3;
    } else if (source.startsWith('<?', i)) {
      const end = source.indexOf('?>', i + 2);
      if (end === -1) return fail(LOGO_MESSAGES.wrongType);
      const target = /^<\?([^\s?]+)/.exec(source.slice(i, end))?.[1] ?? '';
      if (target !== 'xml' || root !== undefined || i !== source.search(/\S/)) return fail(LOGO_MESSAGES.externalSvg);
      i = end + 2;
    } else if (/^<!doctype/i.test(source.slice(i, i + 9))) {
      if (root !== undefined) return fail(LOGO_MESSAGES.wrongType);
      const end = source.indexOf('>', i);
      if (end === -1) return fail(LOGO_MESSAGES.wrongType);
      const doctype = source.slice(i, end);
      if (doctype.includes('[') || /<!entity/i.test(source)) return fail(LOGO_MESSAGES.entitySvg);
      i = end + 1;
    } else if (source.startsWith('<!', i)) {
      return fail(/^<!entity/i.test(source.slice(i, i + 8)) ? LOGO_MESSAGES.entitySvg : LOGO_MESSAGES.wrongType);
    } else if (source.startsWith('</', i)) {
      const match = new RegExp(`^</(${NAME})\\s*>`).exec(source.slice(i, i + 200));
      if (!match) return fail(LOGO_MESSAGES.wrongType);
      const name = match[1]!.toLowerCase().replace(/^.*:/, '');
      if (open.pop() !== name) return fail(LOGO_MESSAGES.wrongType);
      if (name === 'style') {
        const problem = cssProblem(styleText);
        if (problem) return fail(problem);
        styleText = '';
      }
      i += match[0].length;
    } else {
      const nameMatch = new RegExp(`^<(${NAME})`).exec(source.slice(i, i + 200));
      if (!nameMatch) return fail(LOGO_MESSAGES.wrongType);
      const qualified = nameMatch[1]!;
      const name = qualified.toLowerCase().replace(/^.*:/, '');
      if (root === undefined) {
        if (name !== 'svg') return fail(LOGO_MESSAGES.wrongType);
        root = name;
      } else if (open.length === 0) {
        return fail(LOGO_MESSAGES.wrongType); // a second root element
      }
      if (FORBIDDEN_ELEMENTS.has(name)) return fail(LOGO_MESSAGES.unsafeSvg);
      let at = i + nameMatch[0].length;
      for (;;) {
        ATTRIBUTE.lastIndex = at;
        const attribute = ATTRIBUTE.exec(source);
        if (!attribute) break;
        const problem = attributeProblem(attribute[1]!, attribute[2]!.slice(1, -1));
        if (problem) return fail(problem);
        at = ATTRIBUTE.lastIndex;
      }
      const close = /^\s*(\/?)>/.exec(source.slice(at, at + 200));
      if (!close) return fail(LOGO_MESSAGES.wrongType);
      if (!close[1]) open.push(name);
      i = at + close[0].length;
    }
  }
  if (root === undefined || open.length !== 0) return fail(LOGO_MESSAGES.wrongType);
  return { ok: true };
}

/** The public address of a workspace's logo; the version makes a new upload bypass caches. */
export function logoUrl(slug: string, updatedAt: Date): string {
  return `/api/logo/${encodeURIComponent(slug)}?v=${updatedAt.getTime()}`;
}

/** When the workspace's logo was last uploaded, or null when it has none. */
export async function findLogoVersion(db: Db, workspaceId: number): Promise<Date | null> {
  const [row] = await db.select({ updatedAt: logos.updatedAt }).from(logos).where(eq(logos.workspaceId, workspaceId));
  return row?.updatedAt ?? null;
}

export interface StoredLogo {
  contentType: LogoContentType;
  data: Uint8Array;
  updatedAt: Date;
}

export async function findLogo(db: Db, workspaceId: number): Promise<StoredLogo | null> {
  const [row] = await db
    .select({ contentType: logos.contentType, data: logos.data, updatedAt: logos.updatedAt })
    .from(logos)
    .where(eq(logos.workspaceId, workspaceId));
  return row ?? null;
}

export type LogoUpload = { ok: true; updatedAt: Date } | { ok: false; message: string };

/** Checks the bytes and, only when they pass, replaces the workspace's logo. */
export async function saveLogo(db: Db, workspaceId: number, bytes: Uint8Array, claim: LogoClaim = {}): Promise<LogoUpload> {
  const checked = checkLogo(bytes, claim);
  if (!checked.ok) return checked;
  const updatedAt = new Date();
  const values = { workspaceId, contentType: checked.contentType, data: bytes, updatedAt };
  const [row] = await db
    .insert(logos)
    .values(values)
    .onConflictDoUpdate({ target: logos.workspaceId, set: { contentType: values.contentType, data: values.data, updatedAt } })
    .returning({ updatedAt: logos.updatedAt });
  return { ok: true, updatedAt: row!.updatedAt };
}
