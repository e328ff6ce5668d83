import { buildApp } from '../../apps/api/src/app.js';
import { loadConfig } from '../../apps/api/src/config/index.js';
import type { Database } from '../../apps/api/src/db/client.js';
import { DEMO_PASSWORD } from '../../apps/api/src/db/seed.js';

/** The demo Ylläpitäjä, whom the benches sign in as. */
export const BENCH_USER = 'yllapitaja@demo.vahti.fi';

/** Signs the demo Ylläpitäjä in over HTTP at `address`; the bearer token. */
export async function signIn(address: string): Promise<string> {
  const res = await fetch(`${address}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userEmail: BENCH_USER, userPassword: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/**
 * The real app in this process on the bench's database, listening on loopback, with the demo
 * Ylläpitäjä signed in. `get` reads a path to its last byte as that user (throwing on an answer
 * that is not 2xx); `env` adds settings (e.g. REPORT_RENDER_THREADS).
 */
export async function serveApp(database: Database, env: Record<string, string> = {}) {
  const config = loadConfig({
    DATA_DIR: '/tmp/vahti-bench',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'b'.repeat(32),
    ...env,
  });
  const { app } = await buildApp({ config, database, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  // The bench's own reads (on PGlite, in this process) can hold the event loop for seconds: the
  // server's idle timer then closes a kept-alive socket just as fetch reuses it (ECONNRESET).
  app.server.keepAliveTimeout = 600_000;
  const token = await signIn(address);
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${address}${path}`, {
      headers: { authorization: `Bearer ${token}`, ...headers },
    });
    const body = await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${Buffer.from(body).toString()}`);
    return body;
  };
  return { app, config, address, token, get };
}
