import { describe, expect, it } from 'vitest';
import { errorJson, planLimitRefused } from '../http.ts';
import { asProblem, problem, PROBLEM_CONTENT_TYPE } from './problem.ts';

describe('problem details', () => {
  it('answers RFC 9457 with message beside detail', async () => {
    const res = problem(404, 'Team not found');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe(PROBLEM_CONTENT_TYPE);
    expect(await res.json()).toEqual({ type: 'about:blank', title: 'Not Found', status: 404, detail: 'Team not found', message: 'Team not found' });
  });

  it("turns the shared helpers' errors into problems, keeping the field and the plan header", async () => {
    const res = await asProblem(planLimitRefused('Upgrade to log requests', 'logging', 'teamId'));
    expect(res.headers.get('content-type')).toBe(PROBLEM_CONTENT_TYPE);
    expect(res.headers.get('x-plan-limit')).toBe('logging');
    expect(await res.json()).toMatchObject({ status: 403, title: 'Forbidden', detail: 'Upgrade to log requests', field: 'teamId' });
    const ok = new Response('{}', { status: 200 });
    expect(await asProblem(ok)).toBe(ok);
    expect(await (await asProblem(errorJson(413, 'Request body is too large'))).json()).toMatchObject({ status: 413, title: 'Content Too Large' });
  });
});
