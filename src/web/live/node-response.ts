// The node response a request is answered on, for the few handlers that write to it themselves
// (the event streams, docs/decisions/047). Astro's handler is given the request and the response only,
// so main.ts runs each request in an async context that holds its response.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestListener, ServerResponse } from 'node:http';

interface Holder {
  response: ServerResponse | null;
}

// main.ts and the built app each load their own copy of this module: they share one store through
// the global symbol registry.
const STORE = Symbol.for('review-challenge.node-response');
const registry = globalThis as typeof globalThis & { [STORE]?: AsyncLocalStorage<Holder> };
const storage = (registry[STORE] ??= new AsyncLocalStorage<Holder>());

export function withNodeResponse(handler: RequestListener): RequestListener {
  return (req, res) => {
    const holder: Holder = { response: res };
    // Timers and promises begun during a request keep its context (a cache's timer may live for
    // hours): they keep this holder, emptied when the response closes, not the response.
    res.once('close', () => (holder.response = null));
    return storage.run(holder, handler, req, res);
  };
}

/** The response of the request being handled, when the server runs it through withNodeResponse. */
export function currentNodeResponse(): ServerResponse | undefined {
  return storage.getStore()?.response ?? undefined;
}
