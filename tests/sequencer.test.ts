import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KNOWN_LONG_FILES, LONG_FILE_MS } from './sequencer.ts';

const root = new URL('..', import.meta.url).pathname;

describe('the long files a fresh checkout starts first', () => {
  it('names files that exist, in projects that exist, each long enough to be started first', async () => {
    const { default: config } = await import('../vitest.config.ts');
    const named = (config.test?.projects ?? []).map((project) => (project as { test: { name: string } }).test.name);
    // The PostgreSQL project exists only with TEST_DATABASE_URL; it is the PGlite one's twin.
    const projects = [...named, ...named.map((name) => name.replace('integration-pglite', 'integration-postgres'))];
    for (const [project, files] of Object.entries(KNOWN_LONG_FILES)) {
      expect(projects).toContain(project);
      for (const [file, seconds] of Object.entries(files)) {
        expect(existsSync(root + file), file).toBe(true);
        expect(seconds * 1000).toBeGreaterThanOrEqual(LONG_FILE_MS);
      }
    }
  });
});
