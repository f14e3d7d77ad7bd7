// Reading a multipart/form-data upload without trusting the client about its size.

/** Bytes read and then thrown away past the limit, so the client still receives the refusal. */
const DRAIN_MAX_BYTES = 32 * 1024 * 1024;

export type FormRead = { ok: true; form: FormData } | { ok: false; reason: 'too_large' | 'unreadable' };

/** The request's form data, or why not: a body over `maxBytes` is "too_large", anything unparseable "unreadable". */
export async function readFormData(request: Request, maxBytes: number): Promise<FormRead> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > DRAIN_MAX_BYTES) return { ok: false, reason: 'too_large' };
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) return { ok: false, reason: 'unreadable' };
  if (!request.body) return { ok: false, reason: 'unreadable' };

  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = request.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received <= maxBytes) chunks.push(value);
      if (received > DRAIN_MAX_BYTES) {
        await reader.cancel();
        break;
      }
    }
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  if (received > maxBytes) return { ok: false, reason: 'too_large' };

  try {
    const body = Buffer.concat(chunks);
    const form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
    return { ok: true, form };
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
}
