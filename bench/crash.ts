/**
 * The crash run at the bench size: ChirpStack uplinks at 500/s over HTTP to a real
 * server process on PostgreSQL, killed with SIGKILL KILLS times (default 50; restarted each time,
 * after ACKED_PER_LIFE more 2xx answers), then every 2xx'd uplink looked up and the acknowledged
 * stream replayed. The same code as the crash test (apps/api/test/helpers/crash-run.ts), which
 * does 5 kills in CI. PostgreSQL only (BENCH_DATABASE_URL, emptied first); loopback only.
 * Then the intake journal (issue 26): the outage run of the fault test (helpers/outage-run.ts) on
 * a private PostgreSQL stopped OUTAGE_SECONDS (default 60) at 500 uplinks/s, and stopped again and
 * the server killed in the middle of the replay; skipped with the reason where a private cluster
 * cannot run (no server binaries, not root).
 * Run: BENCH_DATABASE_URL=postgres://… npm run bench -- crash   (KILLS=50 ACKED_PER_LIFE=200)
 */
import { performance } from 'node:perf_hooks';
import { runCrash } from '../apps/api/test/helpers/crash-run.js';
import { runOutage } from '../apps/api/test/helpers/outage-run.js';
import { privatePostgresUnavailable } from '../apps/api/test/helpers/private-services.js';
import { emptyBenchDatabase } from './lib/database.js';
import { percentile } from './stats.js';

const KILLS = Number(process.env.KILLS ?? 50);
const ACKED_PER_LIFE = Number(process.env.ACKED_PER_LIFE ?? 200);
const url = process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error('crash: needs BENCH_DATABASE_URL (PostgreSQL; PGlite dies with the process)');
  process.exit(2);
}
await emptyBenchDatabase(url);
const start = performance.now();
const run = await runCrash({ databaseUrl: url, kills: KILLS, ackedPerLife: ACKED_PER_LIFE });
const seconds = (performance.now() - start) / 1000;

const ok =
  run.ackedStored === run.acked &&
  run.replayNotDuplicate === 0 &&
  run.after.readings === run.before.readings &&
  run.after.alarms === run.before.alarms;
console.log(`\ncrash, ${KILLS} × kill -9 at 500 uplinks/s, on postgres, ${seconds.toFixed(0)} s`);
console.log(`uplinks sent                      ${run.sent}`);
console.log(`answered 2xx                      ${run.acked}`);
console.log(`2xx'd and stored                  ${run.ackedStored}  (must equal the line above)`);
console.log(`replay answers not a duplicate    ${run.replayNotDuplicate}  (must be 0)`);
console.log(
  `readings before / after replay    ${run.before.readings} / ${run.after.readings}  (must be equal)`,
);
console.log(
  `alarms before / after replay      ${run.before.alarms} / ${run.after.alarms}  (must be equal)`,
);
console.log(
  `restart after a kill              p50 ${percentile(run.restartMs, 50).toFixed(0)} ms, max ${Math.max(...run.restartMs).toFixed(0)} ms`,
);
console.log(
  `port refused after a kill         p50 ${percentile(run.refusedMs, 50).toFixed(0)} ms, max ${Math.max(...run.refusedMs).toFixed(0)} ms  (then requests wait for the app)`,
);
console.log(ok ? 'OK: nothing acknowledged was lost, the replay added nothing' : 'FAILED');

const OUTAGE_SECONDS = Number(process.env.OUTAGE_SECONDS ?? 60);
const unavailable = privatePostgresUnavailable();
let journalOk = true;
if (unavailable) {
  console.log(`\nintake journal: skipped (${unavailable})`);
} else {
  const outage = await runOutage({ outageSeconds: OUTAGE_SECONDS, rate: 500 });
  const queued = outage.answers.filter((a) => a.status === 202).length;
  const other = outage.answers.filter((a) => a.status !== 200 && a.status !== 202).length;
  const { killed } = outage;
  journalOk =
    other === 0 &&
    outage.stored?.n === outage.answered &&
    outage.stored?.distinct === outage.answered &&
    killed.stored?.n === killed.answered &&
    killed.stored?.distinct === killed.answered;
  console.log(`\nintake journal, PostgreSQL away ${OUTAGE_SECONDS} s at 500 uplinks/s`);
  console.log(`uplinks sent                      ${outage.answers.length}`);
  console.log(
    `answered 202 queued / 200 / other ${queued} / ${outage.answers.length - queued - other} / ${other}  (other must be 0)`,
  );
  console.log(`answered and stored once          ${outage.stored?.distinct} of ${outage.answered}`);
  console.log(`journal empty after its return    ${outage.replaySeconds.toFixed(1)} s`);
  console.log(
    `killed mid-replay                 ${killed.atKill} of ${killed.answered} stored at the kill, ${killed.stored?.distinct} once after the restart (rows ${killed.stored?.n})`,
  );
  console.log(journalOk ? 'OK: every queued uplink stored once' : 'FAILED');
}
if (!ok || !journalOk) process.exit(1);
