import type { Server } from 'node:http';
import { createServer, type Socket } from 'node:net';

/**
 * Listens before the app is built (issue 26): a connection that arrives while the server starts
 * (migrations checked, services built, jobs started) waits, paused, instead of being refused —
 * ChirpStack's HTTP integration never sends an uplink again. `handOver` gives the listening socket
 * and the waiting connections to the app's HTTP server, which from then on owns the port (closing
 * it closes the port).
 */
export async function listenFirst({ port, host }: { port: number; host: string }) {
  const waiting: Socket[] = [];
  let deliver: ((socket: Socket) => void) | undefined;
  const listener = createServer({ pauseOnConnect: true }, (socket) => {
    // A client that gives up while it waits must not take the process with it.
    socket.on('error', () => {});
    if (deliver) deliver(socket);
    else waiting.push(socket);
  });
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(port, host, () => {
      listener.off('error', reject);
      resolve();
    });
  });
  return {
    /** The app's server takes the port and, in order, the connections that waited for it. */
    async handOver(server: Server) {
      await new Promise<void>((resolve) => server.listen(listener, resolve));
      deliver = (socket) => {
        server.emit('connection', socket);
        socket.resume();
      };
      for (const socket of waiting.splice(0)) deliver(socket);
    },
    /** When the app never came (its start failed in a process that lives on): the port closes. */
    async close() {
      for (const socket of waiting.splice(0)) socket.destroy();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    },
  };
}
