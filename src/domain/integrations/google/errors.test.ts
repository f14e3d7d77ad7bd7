import { describe, expect, it } from 'vitest';
import { classifyGoogleError } from './errors.ts';

const answer = (status: number, data: unknown) => ({ message: 'Request failed', response: { status, data } });

describe('classifyGoogleError', () => {
  it('knows a dead refresh token, which must not be retried', () => {
    const error = classifyGoogleError(answer(400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' }));
    expect(error.failure).toBe('invalid_grant');
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/Reconnect/);
  });

  it('tells a project with quota 0 from a passing rate limit', () => {
    const quotaZero = answer(429, {
      error: { code: 429, status: 'RESOURCE_EXHAUSTED', message: 'Quota exceeded', details: [{ metadata: { quota_limit_value: '0' } }] },
    });
    expect(classifyGoogleError(quotaZero)).toMatchObject({ failure: 'quota_blocked', retryable: false });
    const busy = answer(429, {
      error: { code: 429, status: 'RESOURCE_EXHAUSTED', message: 'Quota exceeded', details: [{ metadata: { quota_limit_value: '300' } }] },
    });
    expect(classifyGoogleError(busy)).toMatchObject({ failure: 'transient', retryable: true });
  });

  it('retries 408, 5xx and network failures', () => {
    for (const status of [408, 500, 502, 503, 504]) expect(classifyGoogleError(answer(status, {})).retryable).toBe(true);
    expect(classifyGoogleError({ code: 'ECONNRESET', message: 'socket hang up' }).retryable).toBe(true);
  });

  it('tells the admin what to fix on a 403 and does not retry it', () => {
    const disabled = classifyGoogleError(
      answer(403, { error: { code: 403, status: 'PERMISSION_DENIED', message: 'My Business API has not been used in project 1 before or it is disabled.' } }),
    );
    expect(disabled).toMatchObject({ failure: 'forbidden', retryable: false });
    expect(disabled.message).toMatch(/not enabled in the Google Cloud project/);
    expect(
      classifyGoogleError(answer(403, { error: { code: 403, status: 'PERMISSION_DENIED', message: 'The caller does not have permission' } })).message,
    ).toMatch(/no role/);
  });

  it('names a 404 as an unknown account or location', () => {
    expect(classifyGoogleError(answer(404, { error: { code: 404, message: 'Requested entity was not found.' } }))).toMatchObject({ failure: 'not_found' });
  });
});
