import { readRawBody } from './http.ts';
import { linkBase } from './public-url.ts';

/** Twilio's form bodies are small: a status callback or an incoming text is well under this. */
const MAX_TWILIO_FORM_BYTES = 64 * 1024;

export type TwilioForm = { ok: true; url: string; params: Record<string, string[]>; signature: string | null } | { ok: false; status: number; message: string };

/**
 * A Twilio webhook's form body, its signature, and the URL Twilio signed: PUBLIC_URL's origin with the
 * path and query called when the operator set it (behind a proxy the request's own address is not the
 * one Twilio used), else the address the request came to.
 */
export async function readTwilioForm(request: Request, config: { publicUrl: string; publicUrlSet: boolean }): Promise<TwilioForm> {
  const body = await readRawBody(request, MAX_TWILIO_FORM_BYTES);
  if (!body.ok) return body;
  const params: Record<string, string[]> = {};
  for (const [name, value] of new URLSearchParams(new TextDecoder().decode(body.raw))) (params[name] ??= []).push(value);
  const called = new URL(request.url);
  const url = `${linkBase(config, called)}${called.pathname}${called.search}`;
  return { ok: true, url, params, signature: request.headers.get('x-twilio-signature') };
}
