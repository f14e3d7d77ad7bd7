import { createServer, get, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { createRequestFromNodeRequest, writeResponse } from 'astro/app/node';
import { afterEach, describe, expect, it } from 'vitest';
import { withCompression } from '../compression/compress.ts';
import { LiveHub } from '#platform/live/hub.ts';
import { currentNodeResponse, withNodeResponse } from './node-response.ts';
import { liveEventStream } from './stream.ts';

const review = (id: string) => ({
  id,
  workspaceId: 7,
  event: 'reviewAdded' as const,
  celebration: true,
  wallboards: [null],
  review: { reviewerName: 'Sam', rating: 5, wallboardId: null },
});

/** The event-stream route as main.ts serves it: compression, the request's response in context, Astro's writer. */
function eventServer(hub: LiveHub) {
  const responses: ServerResponse[] = [];
  const server = createServer(
    withCompression(
      withNodeResponse(async (req: IncomingMessage, res: ServerResponse) => {
        responses.push(res);
        const request = createRequestFromNodeRequest(req);
        const response = liveEventStream(hub, { workspaceId: 7, owner: { key: 'a', limit: 10 }, signal: request.signal, response: currentNodeResponse() });
        await writeResponse(response, res);
      }),
    ),
  );
  return { server, responses };
}

let server: Server | null = null;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(null));
  server = null;
});

async function listen(s: Server): Promise<number> {
  server = s;
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return (s.address() as AddressInfo).port;
}

/** Text received on a stream until `until` appears in it. */
function reader(stream: NodeJS.ReadableStream) {
  let text = '';
  const waiters: (() => void)[] = [];
  stream.on('data', (chunk: Buffer) => {
    text += chunk.toString('latin1');
    for (const wake of waiters.splice(0)) wake();
  });
  return {
    text: () => text,
    async until(part: string): Promise<string> {
      const deadline = Date.now() + 2000;
      while (!text.includes(part)) {
        if (Date.now() > deadline) throw new Error(`not received: ${part}\ngot: ${text}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return text;
    },
  };
}

describe('event streams written to the node response directly', () => {
  it('sends live events as well-formed HTTP/1.1 chunks without going through the response body, and ends the response cleanly', async () => {
    const hub = new LiveHub(async () => ({ total: 1 }));
    const { server: s, responses } = eventServer(hub);
    const port = await listen(s);
    const res = await new Promise<IncomingMessage>((resolve) => get({ port, host: '127.0.0.1', path: '/' }, resolve));
    expect(res.headers['transfer-encoding']).toBe('chunked');
    const body = reader(res);
    await body.until('event: data_update');
    const response = responses[0]!;
    let writes = 0;
    const write = response.write.bind(response);
    response.write = ((...args: Parameters<typeof write>) => {
      writes += 1;
      return write(...args);
    }) as typeof response.write;

    await hub.deliver(review('e1'));
    await hub.deliver(review('e2'));
    const text = await body.until('id: e2');
    // Node's client has taken the chunk framing off: only the events are left, whole and in order.
    expect(text.slice(text.indexOf('id: e1'))).toBe(
      'id: e1\nevent: reviewAdded\ndata: {"data":{"total":1},"celebration":true,"review":{"reviewerName":"Sam","rating":5}}\n\n' +
        'id: e2\nevent: reviewAdded\ndata: {"data":{"total":1},"celebration":true,"review":{"reviewerName":"Sam","rating":5}}\n\n',
    );
    expect(writes).toBe(0);

    const ended = new Promise<void>((resolve) => res.on('end', resolve));
    hub.closeAll();
    await ended;
    expect(body.text().endsWith('retry: 1000\n\n')).toBe(true);
  });

  it('writes the bare events to an HTTP/1.0 client, whose answer is not chunked', async () => {
    const hub = new LiveHub(async () => ({ total: 1 }));
    const port = await listen(eventServer(hub).server);
    const socket = connect(port, '127.0.0.1');
    socket.write('GET / HTTP/1.0\r\n\r\n');
    const raw = reader(socket);
    await raw.until('event: data_update');
    await hub.deliver(review('e1'));
    const text = await raw.until('"rating":5}}\n\n');
    expect(text).not.toMatch(/transfer-encoding/i);
    expect(text).toContain('\n\nid: e1\nevent: reviewAdded\n');
    socket.destroy();
  });

  it('sends no body after the headers of a HEAD request, events or not', async () => {
    const hub = new LiveHub(async () => ({ total: 1 }));
    const port = await listen(eventServer(hub).server);
    const socket = connect(port, '127.0.0.1');
    socket.write('HEAD / HTTP/1.1\r\nHost: x\r\n\r\n');
    const raw = reader(socket);
    while (hub.clientCount() === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await hub.deliver(review('e1'));
    hub.closeAll();
    const text = await raw.until('\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(text).toMatch(/^HTTP\/1\.1 200/);
    expect(raw.text()).not.toContain('event:');
    socket.destroy();
  });

  it('leaves the client when it goes away, and then holds no response', async () => {
    const hub = new LiveHub(async () => ({ total: 1 }));
    const { server: s, responses } = eventServer(hub);
    const port = await listen(s);
    const res = await new Promise<IncomingMessage>((resolve) => get({ port, host: '127.0.0.1', path: '/' }, resolve));
    await reader(res).until('event: data_update');
    expect(hub.clientCount()).toBe(1);
    res.destroy();
    const deadline = Date.now() + 2000;
    while (hub.clientCount() > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(hub.clientCount()).toBe(0);
    expect(responses[0]!.destroyed).toBe(true);
    await hub.deliver(review('e1'));
    expect(currentNodeResponse()).toBeUndefined();
  });
});
