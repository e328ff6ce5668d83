import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

/**
 * With BENCH_PROFILE=<dir>, a V8 CPU profile of this process from now until `stop()`, written to
 * <dir>/<time>.cpuprofile (read it with bench/lib/profile-top.ts): only the measured part, not
 * the set-up. Without it, undefined.
 */
export async function profileSession() {
  const dir = process.env.BENCH_PROFILE;
  if (!dir) return undefined;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `${Date.now()}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
      console.log(`CPU profile: ${file}`);
    },
  };
}
