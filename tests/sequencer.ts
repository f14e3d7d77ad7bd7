import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * A file that took at least this long on the last run starts before the others of its group,
 * whatever its project. Vitest's own order runs a group's projects one after another (the browser
 * tests, then the API tests on PostgreSQL), each longest first, so the PostgreSQL kill -9 tests (about
 * a minute each, much of it waiting for the killed server's jobs to expire) began when the browser
 * tests had ended and ran on alone at the end, one core idle. Started first, their waits overlap the
 * browser tests' work, and the two workers end together.
 */
export const LONG_FILE_MS = 20_000;

/**
 * The files that took at least LONG_FILE_MS in a full run (2026-11-29, 2 cores), in seconds, per
 * project: the order on a checkout that has no record of a last run (a fresh clone, CI), where vitest
 * knows no duration and ran the PostgreSQL kill -9 tests last, one after another on one worker (a
 * fresh clone's suite took about a minute longer than a second run). A record of a last run wins.
 */
export const KNOWN_LONG_FILES: Record<string, Record<string, number>> = {
  'integration-pglite': {
    'tests/integration/crm-crash.test.ts': 32,
    'tests/integration/embedded-server.test.ts': 30,
    'tests/integration/backup-restore.test.ts': 26,
    'tests/integration/google-api.test.ts': 22,
  },
  'integration-postgres': {
    'tests/integration/crm-crash.test.ts': 34,
    'tests/integration/postgres-instances.test.ts': 24,
  },
  e2e: {
    'tests/e2e/plain-words.test.ts': 37,
    'tests/e2e/accessibility.test.ts': 36,
    'tests/e2e/first-run.test.ts': 36,
    'tests/e2e/wallboard.test.ts': 31,
    'tests/e2e/auth.test.ts': 25,
    'tests/e2e/site-footer.test.ts': 24,
    'tests/e2e/admin-sections.test.ts': 24,
    'tests/e2e/wallboard-panels.test.ts': 23,
  },
};

/**
 * Vitest's order (groups in `sequence.groupOrder`, failed files first, then the longest on the last
 * run or, without a record, the largest), except that within a group the long files come first,
 * longest first. Only these few cross projects: a worker serves one project, so each change of project
 * in the queue starts another worker; the rest keeps vitest's order, project by project.
 */
export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const duration = (spec: TestSpecification) =>
      this.ctx.cache.getTestSpecificationResult(spec)?.duration ?? (KNOWN_LONG_FILES[spec.project.name]?.[relative(root, spec.moduleId)] ?? 0) * 1000;
    const group = (spec: TestSpecification) => spec.project.config.sequence.groupOrder;
    const groups = [...new Set(sorted.map(group))];
    return groups.flatMap((order) => {
      const members = sorted.filter((spec) => group(spec) === order);
      const long = members.filter((spec) => duration(spec) >= LONG_FILE_MS).sort((a, b) => duration(b) - duration(a));
      return [...long, ...members.filter((spec) => !long.includes(spec))];
    });
  }
}
