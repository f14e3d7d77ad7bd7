// Every error of the public API is one shape: RFC 9457 problem details (application/problem+json).
// `message` (and `field` when one field is at fault) are kept beside `detail`, so a client of the
// product's other endpoints reads API errors the same way (docs/decisions/039).

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Content Too Large',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  message: string;
  field?: string;
}

/** A problem type: about:blank (the status says it all) unless a more specific type is named. */
export function problemOf(status: number, detail: string, options: { field?: string; type?: string } = {}): Problem {
  return {
    type: options.type ? `/docs/api#problem-${options.type}` : 'about:blank',
    title: TITLES[status] ?? 'Error',
    status,
    detail,
    message: detail,
    ...(options.field ? { field: options.field } : {}),
  };
}

export function problem(status: number, detail: string, options: { field?: string; type?: string; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(problemOf(status, detail, options)), {
    status,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE, 'cache-control': 'no-store', ...options.headers },
  });
}

/**
 * An error answer of the shared helpers ({"message", "field"}, src/web/http.ts) as a problem; any
 * other answer unchanged.
 */
export async function asProblem(response: Response): Promise<Response> {
  if (response.status < 400 || response.headers.get('content-type')?.startsWith(PROBLEM_CONTENT_TYPE)) return response;
  let body: { message?: unknown; field?: unknown } = {};
  try {
    body = (await response.clone().json()) as typeof body;
  } catch {
    // Not JSON: the status alone.
  }
  const detail = typeof body.message === 'string' ? body.message : (TITLES[response.status] ?? 'Error');
  const field = typeof body.field === 'string' ? body.field : undefined;
  const headers: Record<string, string> = {};
  for (const name of ['retry-after', 'x-plan-limit']) {
    const value = response.headers.get(name);
    if (value) headers[name] = value;
  }
  return problem(response.status, detail, { field, headers });
}
