// The browser's one way to call the API (SPEC.md section 7): cookies always sent, JSON when there is
// a body, and any non-OK answer thrown as an error "{status}: {response text}".

export class ApiError extends Error {
  readonly status: number;
  /** The server's own message ({"message": ...}), when it sent one. */
  readonly serverMessage: string | undefined;
  readonly field: string | undefined;
  /** Set when the workspace's plan refused (a 403 that is not about who is signed in). */
  readonly limit: string | undefined;

  constructor(status: number, text: string, limit?: string | null) {
    super(`${status}: ${text}`);
    this.status = status;
    let body: { message?: unknown; field?: unknown } = {};
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: the text itself is all there is.
    }
    this.serverMessage = typeof body.message === 'string' ? body.message : undefined;
    this.field = typeof body.field === 'string' ? body.field : undefined;
    this.limit = limit ?? undefined;
  }
}

/** The error for a refused answer; `x-plan-limit` (src/web/http.ts) marks the plan's refusals. */
export async function apiErrorOf(response: Response): Promise<ApiError> {
  return new ApiError(response.status, (await response.text()) || response.statusText, response.headers.get('x-plan-limit'));
}

export async function apiRequest<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw await apiErrorOf(response);
  return (await response.json()) as T;
}
