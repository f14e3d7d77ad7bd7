import type { Server, ServerResponse } from 'node:http';

/**
 * Lets a server stop without cutting requests in flight. node's `server.close()` stops accepting
 * but keeps serving new requests on kept-alive connections and waits for them to time out, so while
 * draining every answer says `Connection: close`, and a connection left idle is closed at once.
 */
export function drainable(server: Server): { drain(timeoutMs: number): Promise<boolean> } {
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  server.prependListener('request', (_req, res: ServerResponse) => {
    if (draining) res.shouldKeepAlive = false;
    inFlight.add(res);
    res.once('close', () => {
      inFlight.delete(res);
      if (draining) setImmediate(() => server.closeIdleConnections());
    });
  });
  return {
    /**
     * Stops accepting and waits for the requests in flight; at the deadline the rest are cut.
     * Resolves true when every one was answered in time.
     */
    async drain(timeoutMs) {
      draining = true;
      const closed = new Promise<boolean>((resolve) => server.close(() => resolve(true)));
      for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
      server.closeIdleConnections();
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
      const answered = await Promise.race([closed, deadline]);
      clearTimeout(timer);
      server.closeAllConnections();
      return answered;
    },
  };
}
