import { createServer } from 'node:net';
import { Aedes } from 'aedes';

/** An in-process MQTT broker (aedes) listening on an ephemeral loopback port. */
export async function startAedesBroker() {
  const aedes = await Aedes.createBroker();
  const server = createServer(aedes.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  /** Closes the broker's connections; the port stays taken until `close`. */
  const stop = () =>
    aedes.closed ? Promise.resolve() : new Promise<void>((resolve) => aedes.close(() => resolve()));
  return {
    aedes,
    url: `mqtt://127.0.0.1:${address.port}`,
    stop,
    async close() {
      await stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
