import { gzipSync } from 'node:zlib';

export interface PageWeight {
  path: string;
  status: number;
  /** Gzipped bytes of every script the page runs on load (inline, external, islands and their imports). */
  js: number;
  css: number;
  html: number;
  files: string[];
}

const gz = (text: string) => gzipSync(Buffer.from(text), { level: 9 }).length;

const attribute = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]!);

/** What a browser downloads to show one page, gzipped, as a first-time visitor would load it. */
export async function measurePage(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<PageWeight> {
  const response = await fetch(baseUrl + path, { headers, redirect: 'manual' });
  const html = await response.text();
  const base = new URL(path, baseUrl);
  const resolve = (ref: string, from: URL = base) => new URL(ref.replaceAll('&amp;', '&'), from).href;

  let js = 0;
  for (const inline of attribute(html, /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) js += gz(inline);
  const pending = [
    ...attribute(html, /<script[^>]*\bsrc="([^"]+)"/g),
    ...attribute(html, /\b(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g),
    ...attribute(html, /<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((ref) => resolve(ref));
  const seen = new Set<string>();
  while (pending.length) {
    const url = pending.pop()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const source = await (await fetch(url)).text();
    js += gz(source);
    for (const ref of attribute(source, /(?:\bimport|\bfrom)\s*["']([^"']+\.m?js)["']/g)) pending.push(resolve(ref, new URL(url)));
  }

  let css = 0;
  for (const inline of attribute(html, /<style[^>]*>([\s\S]*?)<\/style>/g)) css += gz(inline);
  for (const href of attribute(html, /<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)) css += gz(await (await fetch(resolve(href))).text());

  return { path, status: response.status, js, css, html: gz(html), files: [...seen] };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
