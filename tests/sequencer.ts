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
 * Vitest's order (groups in `sequence.groupOrder`, failed files first, then the longest on the last
 * run or, without a record, the largest), except that within a group the long files come first,
 * longest first. Only these few cross projects: a worker serves one project, so each change of project
 * in the queue starts another worker; the rest keeps vitest's order, project by project.
 */
export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const duration = (spec: TestSpecification) => this.ctx.cache.getTestSpecificationResult(spec)?.duration ?? 0;
    const group = (spec: TestSpecification) => spec.project.config.sequence.groupOrder;
    const groups = [...new Set(sorted.map(group))];
    return groups.flatMap((order) => {
      const members = sorted.filter((spec) => group(spec) === order);
      const long = members.filter((spec) => duration(spec) >= LONG_FILE_MS).sort((a, b) => duration(b) - duration(a));
      return [...long, ...members.filter((spec) => !long.includes(spec))];
    });
  }
}
