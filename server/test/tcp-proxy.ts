// A TCP proxy a test puts between the server and PostgreSQL, to take the database away and bring it back
// as a restart or a network cut would: cut() resets every open connection and every new one until
// restore(). Each new connection goes where `target` says at that moment, so a test may move it (the
// crash test's server starts again on another port, behind the same proxy).
import { connect, createServer, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let cut = false;
  const server = createServer((client) => {
    if (cut) return void client.resetAndDestroy();
    const upstream = connect(target.port, target.host);
    const pair = [client, upstream];
    const end = () => {
      for (const s of pair) {
        s.destroy();
        open.delete(s);
      }
    };
    for (const s of pair) {
      open.add(s);
      s.on('error', end);
      s.on('close', end);
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    cut() {
      cut = true;
      for (const s of open) s.resetAndDestroy();
      open.clear();
    },
    restore() {
      cut = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}
