import net from "node:net";

/**
 * A TCP proxy between the app and PostgreSQL that a test can cut: every open connection is reset
 * and new ones are refused, as the app sees a server restart or a network partition, until
 * restore(). Only the network is faked; the app's pool, driver and Prisma run for real.
 */
export type FaultProxy = {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
};

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", () => resolve()));
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const stopListening = () =>
    new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  const resetAll = () => {
    for (const socket of sockets) socket.resetAndDestroy();
  };
  return {
    port,
    async cut() {
      const closed = stopListening();
      resetAll();
      await closed;
    },
    restore: () => listen(port),
    async close() {
      const closed = stopListening();
      resetAll();
      await closed;
    },
  };
}
