import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy on a free local port in front of a real service (PostgreSQL, Redis), for fault tests:
 * `cut()` takes the service away from everything behind the proxy (open connections are destroyed,
 * new ones are refused by closing them at once) without touching the shared service itself;
 * `restore()` lets connections through again.
 */
export interface TcpProxy {
  readonly port: number;
  readonly open: number;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<[Socket, Socket]>();
  let cut = false;
  const server: Server = createServer((inbound) => {
    if (cut) {
      inbound.destroy();
      return;
    }
    const outbound = connect(target.port, target.host);
    const pair: [Socket, Socket] = [inbound, outbound];
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      inbound.destroy();
      outbound.destroy();
    };
    inbound.on('error', end).on('close', end);
    outbound.on('error', end).on('close', end);
    inbound.pipe(outbound);
    outbound.pipe(inbound);
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => ok());
  });
  const { port } = server.address() as { port: number };
  const cutAll = () => {
    cut = true;
    for (const [a, b] of [...pairs]) {
      a.destroy();
      b.destroy();
    }
    pairs.clear();
  };
  return {
    port,
    get open() {
      return pairs.size;
    },
    cut: cutAll,
    restore() {
      cut = false;
    },
    close() {
      cutAll();
      return new Promise((ok) => server.close(() => ok()));
    },
  };
}
