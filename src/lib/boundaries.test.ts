import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';

const LIB = new URL('.', import.meta.url).pathname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

// DESIGN.md: src/lib is the framework-free domain; it never reaches into pages, islands or Astro.
it('src/lib imports nothing from src/pages, src/islands or astro', () => {
  const offenders = sourceFiles(LIB).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/from\s+['"]([^'"]+)['"]/g)]
      .map((m) => m[1]!)
      .filter((spec) => /(^|\/)(pages|islands|components)\//.test(spec) || /^astro(:|\/|$)/.test(spec))
      .map((spec) => `${relative(LIB, file)} imports ${spec}`),
  );
  expect(offenders).toEqual([]);
});
