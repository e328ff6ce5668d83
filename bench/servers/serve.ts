import type { FastifyInstance } from 'fastify';

/**
 * Listens on a free loopback port, tells the parent benchmark the address over IPC, and closes
 * cleanly on its "stop" message (so a --cpu-prof profile is written on exit).
 */
export async function serveForBench(app: FastifyInstance, onClose?: () => Promise<void>) {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  process.on('message', async (message) => {
    if (message !== 'stop') return;
    await app.close();
    await onClose?.();
    process.exit(0);
  });
  process.send?.({ address });
}
