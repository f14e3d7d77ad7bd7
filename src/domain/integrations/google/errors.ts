// What can go wrong when talking to Google, sorted by what the product does about it.

export type GoogleFailure =
  /** The refresh token is dead (revoked, expired, Testing-mode): the admin must reconnect; never retry. */
  | 'invalid_grant'
  /** The Cloud project's quota is 0 until Google approves it: offer manual IDs, retry later. */
  | 'quota_blocked'
  /** 429, 408 and 5xx: back off and try again. */
  | 'transient'
  /** 403: an API not enabled or no role on the location: the admin must fix it in Google. */
  | 'forbidden'
  | 'not_found'
  | 'other';

export class GoogleError extends Error {
  readonly failure: GoogleFailure;
  readonly status: number | undefined;
  /** Google's own words for what went wrong: an ErrorInfo reason or the error's message, as sent. */
  readonly detail: string;

  constructor(failure: GoogleFailure, message: string, status?: number, detail = '') {
    super(message);
    this.name = 'GoogleError';
    this.failure = failure;
    this.status = status;
    this.detail = detail;
  }

  get retryable(): boolean {
    return this.failure === 'transient';
  }
}

interface ErrorLike {
  message?: unknown;
  code?: unknown;
  status?: unknown;
  response?: { status?: unknown; data?: unknown };
}

interface GoogleApiErrorBody {
  error?: string | { code?: number; message?: string; status?: string; details?: { reason?: string; metadata?: Record<string, string> }[] };
  error_description?: string;
}

const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EAI_AGAIN', 'ENOTFOUND', 'UND_ERR_SOCKET', 'ABORT_ERR']);

/** Turns whatever google-auth-library (gaxios) threw into a GoogleError with a message an admin can act on. */
export function classifyGoogleError(error: unknown): GoogleError {
  if (error instanceof GoogleError) return error;
  const e = (error ?? {}) as ErrorLike;
  const status = typeof e.response?.status === 'number' ? e.response.status : undefined;
  const body = (e.response?.data ?? {}) as GoogleApiErrorBody;
  if (body.error === 'invalid_grant') {
    return new GoogleError(
      'invalid_grant',
      'Google no longer accepts this connection (the access was revoked or expired). Reconnect the Google account.',
      status,
    );
  }
  const apiError = typeof body.error === 'object' && body.error ? body.error : undefined;
  const apiMessage = apiError?.message ?? (typeof body.error === 'string' ? (body.error_description ?? body.error) : undefined);
  const detail = [...(apiError?.details ?? []).map((d) => d.reason), apiMessage].filter((part) => typeof part === 'string').join(' ');
  if (status === 429) {
    const zero = apiError?.details?.some((d) => d.metadata?.quota_limit_value === '0');
    return zero
      ? new GoogleError(
          'quota_blocked',
          'Google has not yet granted this project any API quota (quota 0). Use manual entry, and retry once Google approves the project.',
          status,
        )
      : new GoogleError('transient', `Google is rate limiting requests: ${apiMessage ?? 'too many requests'}`, status);
  }
  if (status === 408 || (status !== undefined && status >= 500)) {
    return new GoogleError('transient', `Google is unavailable (${status}): ${apiMessage ?? 'try again later'}`, status);
  }
  if (status === 403) {
    const disabled = apiError?.status === 'PERMISSION_DENIED' && /has not been used|is disabled|SERVICE_DISABLED/i.test(apiMessage ?? '');
    return new GoogleError(
      'forbidden',
      disabled
        ? `The Business Profile API is not enabled in the Google Cloud project: ${apiMessage}`
        : `Google refused access to the business profile (no role on this account or location?): ${apiMessage ?? 'permission denied'}`,
      status,
      detail,
    );
  }
  if (status === 404) return new GoogleError('not_found', 'Google does not know this account or location. Check the account and location IDs.', status, detail);
  if (status !== undefined) return new GoogleError('other', `Google answered ${status}: ${apiMessage ?? 'unexpected error'}`, status, detail);
  const code = typeof e.code === 'string' ? e.code : undefined;
  if (code && NETWORK_CODES.has(code)) return new GoogleError('transient', `Google could not be reached (${code})`);
  return new GoogleError('other', `Google request failed: ${typeof e.message === 'string' ? e.message : String(error)}`);
}
