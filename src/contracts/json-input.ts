// What every JSON payload must be before its own schema reads it, for the routes (src/web/http.ts)
// and for receivers that read a raw body themselves (the CRM webhook).

/** How deep a JSON body may nest objects and arrays: no payload needs more, and every reader walks it. */
export const MAX_JSON_DEPTH = 64;
export const JSON_TOO_DEEP = `Request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;

/**
 * Whether JSON text nests objects and arrays deeper than `max`, read as text in one pass (no
 * recursion, whatever the depth); brackets inside strings do not count.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** Every JSON body a request brings, read here: valid JSON nested at most MAX_JSON_DEPTH deep, or why not. */
export function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return { ok: false, message: JSON_TOO_DEEP };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, message: 'Request body must be valid JSON' };
  }
}

const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * What no field of any payload may hold, refused here once for every endpoint: a NUL character or a
 * broken surrogate (PostgreSQL cannot store them) and keys that reach an object's prototype.
 */
export function unsafeInput(value: unknown, field?: string): { message: string; field?: string } | null {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return { message: 'Text must not contain NUL characters', field };
    if (!value.isWellFormed()) return { message: 'Text must be valid Unicode', field };
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    if (PROTOTYPE_KEYS.has(key)) return { message: `"${key}" is not an allowed field name`, field: field ?? key };
    if (unsafeInput(key)) return { message: 'Field names must be plain text', field };
    const problem = unsafeInput(item, field ?? (Array.isArray(value) ? undefined : key));
    if (problem) return problem;
  }
  return null;
}
