import { and, eq, isNull } from 'drizzle-orm';
import type { Database, Db } from '#platform/db/database.ts';
import { announcedIfDone } from '#platform/live/publish.ts';
import { logos, workspaces } from '#platform/db/schema.ts';

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
  unsupportedSvg: 'This SVG uses features a logo may not have: only shapes, text, gradients, filters and styles are allowed.',
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

// Elements that run code, link, embed other documents or pull in other resources: named as unsafe.
const FORBIDDEN_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'iframe',
  'embed',
  'object',
  'handler',
  'listener',
  'audio',
  'video',
  'canvas',
  'a',
  'set',
  'animate',
]);

// The safe subset of SVG a logo may use (local names, lower case): shapes, text, paint servers,
// clipping, masking and filters. Everything else (meta, image, feImage, animation, fonts, ...) is refused.
const ALLOWED_ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'metadata',
  'style',
  'switch',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textpath',
  'lineargradient',
  'radialgradient',
  'stop',
  'pattern',
  'clippath',
  'mask',
  'marker',
  'filter',
  'feblend',
  'fecolormatrix',
  'fecomponenttransfer',
  'fecomposite',
  'feconvolvematrix',
  'fediffuselighting',
  'fedisplacementmap',
  'fedistantlight',
  'fedropshadow',
  'feflood',
  'fefunca',
  'fefuncb',
  'fefuncg',
  'fefuncr',
  'fegaussianblur',
  'femerge',
  'femergenode',
  'femorphology',
  'feoffset',
  'fepointlight',
  'fespecularlighting',
  'fespotlight',
  'fetile',
  'feturbulence',
]);

// Attributes (local names, lower case) of that subset: geometry, presentation and structure.
const ALLOWED_ATTRIBUTES = new Set([
  'id',
  'class',
  'style',
  'lang',
  'version',
  'baseprofile',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'fr',
  'd',
  'points',
  'pathlength',
  'viewbox',
  'preserveaspectratio',
  'href',
  'transform',
  'transform-origin',
  'gradientunits',
  'gradienttransform',
  'spreadmethod',
  'offset',
  'patternunits',
  'patterncontentunits',
  'patterntransform',
  'clippathunits',
  'maskunits',
  'maskcontentunits',
  'markerwidth',
  'markerheight',
  'markerunits',
  'refx',
  'refy',
  'orient',
  'filterunits',
  'primitiveunits',
  'in',
  'in2',
  'result',
  'stddeviation',
  'dx',
  'dy',
  'rotate',
  'textlength',
  'lengthadjust',
  'startoffset',
  'method',
  'spacing',
  'side',
  'mode',
  'operator',
  'k1',
  'k2',
  'k3',
  'k4',
  'values',
  'type',
  'tablevalues',
  'slope',
  'intercept',
  'amplitude',
  'exponent',
  'scale',
  'xchannelselector',
  'ychannelselector',
  'radius',
  'basefrequency',
  'numoctaves',
  'seed',
  'stitchtiles',
  'kernelmatrix',
  'order',
  'divisor',
  'bias',
  'targetx',
  'targety',
  'edgemode',
  'preservealpha',
  'surfacescale',
  'diffuseconstant',
  'specularconstant',
  'specularexponent',
  'kernelunitlength',
  'azimuth',
  'elevation',
  'z',
  'pointsatx',
  'pointsaty',
  'pointsatz',
  'limitingconeangle',
  'requiredfeatures',
  'requiredextensions',
  'systemlanguage',
  'media',
  'role',
  'focusable',
  'alignment-baseline',
  'baseline-shift',
  'clip',
  'clip-path',
  'clip-rule',
  'color',
  'color-interpolation',
  'color-interpolation-filters',
  'color-rendering',
  'direction',
  'display',
  'dominant-baseline',
  'enable-background',
  'fill',
  'fill-opacity',
  'fill-rule',
  'filter',
  'flood-color',
  'flood-opacity',
  'font',
  'font-family',
  'font-size',
  'font-size-adjust',
  'font-stretch',
  'font-style',
  'font-variant',
  'font-weight',
  'image-rendering',
  'isolation',
  'kerning',
  'letter-spacing',
  'lighting-color',
  'marker',
  'marker-end',
  'marker-mid',
  'marker-start',
  'mask',
  'mix-blend-mode',
  'opacity',
  'overflow',
  'paint-order',
  'pointer-events',
  'shape-rendering',
  'stop-color',
  'stop-opacity',
  'stroke',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-opacity',
  'stroke-width',
  'text-anchor',
  'text-decoration',
  'text-rendering',
  'unicode-bidi',
  'vector-effect',
  'visibility',
  'word-spacing',
  'writing-mode',
]);

/** Namespace prefixes whose attributes are inert to a browser: editors' metadata, XML, XLink's href. */
const INERT_PREFIXES = new Set(['inkscape', 'sodipodi', 'rdf', 'cc', 'dc', 'sketch', 'serif', 'i', 'x']);

function isAllowedAttribute(name: string): boolean {
  const lower = name.toLowerCase();
  if (lower === 'xmlns' || lower.startsWith('xmlns:') || lower.startsWith('data-') || lower.startsWith('aria-')) return true;
  const colon = lower.indexOf(':');
  if (colon === -1) return ALLOWED_ATTRIBUTES.has(lower);
  const [prefix, local] = [lower.slice(0, colon), lower.slice(colon + 1)];
  if (prefix === 'xlink') return local === 'href' || local === 'title';
  if (prefix === 'xml') return local === 'space' || local === 'lang';
  return INERT_PREFIXES.has(prefix);
}

/** Elements of inert editors' namespaces (Inkscape's namedview, RDF metadata) carry nothing a browser runs. */
function isInertElement(qualified: string): boolean {
  const colon = qualified.indexOf(':');
  return colon !== -1 && INERT_PREFIXES.has(qualified.slice(0, colon).toLowerCase());
}

// CSS functions a logo's styles may use: colours, local url(#id), transforms and filter effects.
const ALLOWED_CSS_FUNCTIONS = new Set([
  'rgb',
  'rgba',
  'hsl',
  'hsla',
  'url',
  'calc',
  'var',
  'min',
  'max',
  'clamp',
  'translate',
  'translatex',
  'translatey',
  'rotate',
  'scale',
  'scalex',
  'scaley',
  'matrix',
  'skewx',
  'skewy',
  'drop-shadow',
  'blur',
  'brightness',
  'contrast',
  'grayscale',
  'hue-rotate',
  'invert',
  'opacity',
  'saturate',
  'sepia',
  'cubic-bezier',
  'steps',
]);

const ENTITY_REFERENCE = /&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);?/gi;
const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", colon: ':', tab: '\t', newline: '\n' };

/** An attribute value as the browser reads it: character references resolved, whitespace and controls dropped, lower case. */
function normalised(value: string): string {
  return (
    value
      .replace(ENTITY_REFERENCE, (whole, ref: string) => {
        const lower = ref.toLowerCase();
        const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : lower.startsWith('#') ? parseInt(lower.slice(1), 10) : NaN;
        if (!Number.isNaN(code)) return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
        return NAMED_ENTITIES[lower] ?? whole;
      })
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
      .replace(/[\u0000-\u0020\u007f-\u009f]+/g, '')
      .replace(/\\/g, '')
      .toLowerCase()
  );
}

/**
 * CSS (a style attribute or a <style> element) that loads nothing from outside the document: only
 * the allowed functions, url() to an element of the document, and no at-rule but @media.
 */
function cssProblem(css: string): string | undefined {
  const flat = normalised(css);
  if (flat.includes('javascript:') || flat.includes('expression(') || flat.includes('-moz-binding') || flat.includes('behavior:')) {
    return LOGO_MESSAGES.unsafeSvg;
  }
  // White space is gone from `flat`: an at-rule's name runs into what follows it.
  for (const rule of flat.matchAll(/@([a-z-]+)/g)) {
    if (/^(import|font-face)/.test(rule[1]!)) return LOGO_MESSAGES.externalSvg;
    if (!rule[1]!.startsWith('media')) return LOGO_MESSAGES.unsupportedSvg;
  }
  for (const call of flat.matchAll(/(?<![@a-z-])([a-z-]*)\(/g)) {
    if (!ALLOWED_CSS_FUNCTIONS.has(call[1]!)) return LOGO_MESSAGES.unsupportedSvg;
  }
  for (const match of flat.matchAll(/url\(([^)]*)\)/g)) {
    const target = match[1]!.replace(/^['"]|['"]$/g, '');
    if (!target.startsWith('#')) return target.startsWith('data:') ? LOGO_MESSAGES.unsafeSvg : LOGO_MESSAGES.externalSvg;
  }
  return undefined;
}

function attributeProblem(name: string, value: string, inertElement: boolean): string | undefined {
  const local = name.toLowerCase().replace(/^.*:/, '');
  if (local.startsWith('on')) return LOGO_MESSAGES.unsafeSvg;
  if (name.toLowerCase() === 'xml:base') return LOGO_MESSAGES.externalSvg;
  const flat = normalised(value);
  // <set>/<animate> that would write a link or a handler at run time.
  if (local === 'attributename' && (flat.endsWith('href') || flat.replace(/^.*:/, '').startsWith('on'))) return LOGO_MESSAGES.unsafeSvg;
  if (flat.includes('javascript:') || flat.includes('vbscript:')) return LOGO_MESSAGES.unsafeSvg;
  if (local === 'href' || local === 'src' || local === 'action' || local === 'formaction') {
    if (flat === '' || flat.startsWith('#')) return undefined;
    return flat.startsWith('data:') ? LOGO_MESSAGES.unsafeSvg : LOGO_MESSAGES.externalSvg;
  }
  const problem = cssProblem(value);
  if (problem) return problem;
  return inertElement || isAllowedAttribute(name) ? undefined : LOGO_MESSAGES.unsupportedSvg;
}

const NAME = '[A-Za-z_][\\w.:-]*';
const ATTRIBUTE = new RegExp(`\\s+(${NAME})\\s*=\\s*("[^"]*"|'[^']*')`, 'y');

/**
 * Accepts an SVG document for use as a logo, or says why not. It reads the markup itself (comments,
 * the XML declaration, CDATA, tags and quoted attributes) and refuses rather than repairs: the root
 * element must be <svg>; only the allowed elements and attributes (a safe subset of SVG, plus the
 * inert metadata of drawing programs); no DOCTYPE internal subset or entity declaration; no
 * processing instruction other than the XML declaration; no javascript:, data: or outside reference
 * in href/xlink:href or CSS url(); in CSS only the allowed functions and no at-rule but @media.
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
        const problem = attributeProblem(attribute[1]!, attribute[2]!.slice(1, -1), isInertElement(qualified));
        if (problem) return fail(problem);
        at = ATTRIBUTE.lastIndex;
      }
      // After the attributes, so that an outside link is named as such before its element.
      if (!ALLOWED_ELEMENTS.has(name) && !isInertElement(qualified)) return fail(LOGO_MESSAGES.unsupportedSvg);
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
export function logoUrl(slug: string, updatedAt: Date, wallboardId: number | null = null): string {
  const wallboard = wallboardId === null ? '' : `wallboard=${wallboardId}&`;
  return `/api/logo/${encodeURIComponent(slug)}?${wallboard}v=${updatedAt.getTime()}`;
}

/** The workspace's own logo (wallboardId null) or a named wallboard's. */
const ownedBy = (workspaceId: number, wallboardId: number | null) =>
  and(eq(logos.workspaceId, workspaceId), wallboardId === null ? isNull(logos.wallboardId) : eq(logos.wallboardId, wallboardId));

/** When the logo was last uploaded, or null when there is none. */
export async function findLogoVersion(db: Db, workspaceId: number, wallboardId: number | null = null): Promise<Date | null> {
  const [row] = await db.select({ updatedAt: logos.updatedAt }).from(logos).where(ownedBy(workspaceId, wallboardId));
  return row?.updatedAt ?? null;
}

export interface StoredLogo {
  contentType: LogoContentType;
  data: Uint8Array;
  updatedAt: Date;
}

export async function findLogo(db: Db, workspaceId: number, wallboardId: number | null = null): Promise<StoredLogo | null> {
  const [row] = await db
    .select({ contentType: logos.contentType, data: logos.data, updatedAt: logos.updatedAt })
    .from(logos)
    .where(ownedBy(workspaceId, wallboardId));
  return row ?? null;
}

export type LogoUpload = { ok: true; updatedAt: Date } | { ok: false; message: string };

/**
 * Checks the bytes and, only when they pass, replaces the workspace's logo (or a named wallboard's).
 * The workspace row's lock makes two uploads at once replace one another, never collide.
 */
async function storeLogo(db: Db, workspaceId: number, bytes: Uint8Array, claim: LogoClaim = {}, wallboardId: number | null = null): Promise<LogoUpload> {
  const checked = checkLogo(bytes, claim);
  if (!checked.ok) return checked;
  const updatedAt = new Date();
  return db.transaction(async (tx) => {
    await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId)).for('no key update');
    await tx.delete(logos).where(ownedBy(workspaceId, wallboardId));
    const [row] = await tx
      .insert(logos)
      .values({ workspaceId, wallboardId, contentType: checked.contentType, data: bytes, updatedAt })
      .returning({ updatedAt: logos.updatedAt });
    return { ok: true, updatedAt: row!.updatedAt };
  });
}

/** Saves a logo (see storeLogo) and announces it to every screen. */
export async function saveLogo(
  database: Database,
  workspaceId: number,
  bytes: Uint8Array,
  claim: LogoClaim = {},
  wallboardId: number | null = null,
): Promise<LogoUpload> {
  return announcedIfDone(database, workspaceId, await storeLogo(database.db, workspaceId, bytes, claim, wallboardId));
}
