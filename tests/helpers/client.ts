/** A tiny HTTP client that keeps cookies like a browser, for API tests. */
export class Client {
  private cookies = new Map<string, string>();
  readonly baseUrl: string;
  readonly headers: Record<string, string>;

  constructor(baseUrl: string, headers: Record<string, string> = {}) {
    this.baseUrl = baseUrl;
    this.headers = headers;
  }

  async request(method: string, path: string, body?: unknown, init: { raw?: string; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...this.headers, ...init.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload: string | undefined = init.raw;
    if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    } else if (payload !== undefined) {
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(this.baseUrl + path, { method, headers, body: payload, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...value] = pair!.split('=');
      const expired = attributes.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || value.join('=') === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join('='));
    }
    const text = await response.text();
    let json: any;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, body?: unknown) => this.request('POST', path, body ?? {});

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

let counter = 0;
/** Registration fields for a fresh workspace with a unique slug. */
export function newWorkspace(overrides: Partial<Record<string, string>> = {}) {
  counter += 1;
  return {
    slug: `acme-${process.pid}-${counter}`,
    businessName: 'Acme Accounting',
    email: 'owner@acme.example',
    password: 'staff-pass-1',
    adminPassword: 'admin-pass-1',
    ...overrides,
  };
}
