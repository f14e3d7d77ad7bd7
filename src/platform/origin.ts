/** An http(s) origin as a client's `host`, `port` and `protocol` options (the stripe package's), read from one such as http://127.0.0.1:4567. */
export interface Origin {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

/** Null for anything but a bare http(s) origin (a path, query or credentials would be silently lost). */
export function parseOrigin(value: string): Origin | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) return null;
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const port = url.port ? Number(url.port) : protocol === 'http' ? 80 : 443;
  // The host without the brackets URL keeps around an IPv6 address.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return { host, port, protocol };
}
