/**
 * PORT and HOST read as loadConfig reads them (config/index.ts: PORT defaults to 3000, HOST to
 * 0.0.0.0), without loading the configuration's schema and zod: the server binds its port before
 * anything else (lib/listen-first.ts). Null for a value loadConfig will refuse with its message.
 */
export function listenAddress(env: NodeJS.ProcessEnv): { port: number; host: string } | null {
  const port = env.PORT === undefined ? 3000 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) return null;
  if (env.HOST === '') return null;
  return { port, host: env.HOST ?? '0.0.0.0' };
}
