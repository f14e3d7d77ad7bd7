import { connect, createServer, type Server, type Socket } from 'node:net';

/** A TCP proxy to `target` on a fixed local port, that a test can take down (every connection cut) and bring back. */
export async function tcpProxy(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const up = async () => {
    server = createServer((client) => {
      const upstream = connect(Number(target.port || 5432), target.hostname);
      track(client);
      track(upstream);
      client.once('close', () => upstream.destroy());
      upstream.once('close', () => client.destroy());
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  };
  await up();
  return {
    /** `url` with its host and port replaced by the proxy's. */
    via: (url: string) => Object.assign(new URL(url), { hostname: '127.0.0.1', port: String(port) }).href,
    up,
    async down() {
      const closed = new Promise((resolve) => server!.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
