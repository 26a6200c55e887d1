import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay to a server (PostgreSQL, Redis) that a test can cut and restore on the same port, as a network
 * failure or a restart of that server would: cut() closes every connection and refuses new ones; restore()
 * listens again.
 */
export interface TcpRelay {
  port: number;
  /** The target's URL with the relay's host and port. */
  url: string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function tcpRelay(targetUrl: string, defaultPort: number): Promise<TcpRelay> {
  const target = new URL(targetUrl);
  const targetPort = Number(target.port || defaultPort);
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const listen = async (port: number) => {
    const s = createServer((client) => {
      const upstream = connect(targetPort, target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('error', () => socket.destroy());
        socket.on('close', () => {
          sockets.delete(socket);
          // One side gone: the other goes too, as when the server's process ends.
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => resolve());
    });
    server = s;
    return (s.address() as { port: number }).port;
  };
  const port = await listen(0);
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  const cut = async () => {
    const s = server;
    server = null;
    if (!s) return;
    const closed = new Promise<void>((resolve) => s.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  return {
    port,
    url: url.toString(),
    cut,
    restore: async () => {
      if (!server) await listen(port);
    },
    close: cut,
  };
}
