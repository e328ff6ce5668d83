// `npm test`: every suite, each followed by a plain "suite: N passed, N failed" line.
//   1. unit + API integration on PGlite
//   2. on PostgreSQL, when TEST_DATABASE_URL is set: the API tests that can differ between the
//      drivers (apps/api/test/postgres-suite.mjs), beside 1: its longest file (PostgreSQL away
//      for 60 s) mostly waits, and 1 fills the cores meanwhile. Its output is printed whole once
//      it has ended, after 1's.
//   3. end-to-end in headless Chromium against the built app (its database on the PostgreSQL of
//      TEST_DATABASE_URL when set, else embedded)
// `npm test -- --e2e-cluster`: only the end-to-end suite, against two instances behind HAProxy on
// the PostgreSQL of TEST_DATABASE_URL (ADR 0030), plus e2e/cluster.e2e.ts.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { POSTGRES_SUITE } from '../apps/api/test/postgres-suite.mjs';
import { webBuildIsCurrent } from './build-web.mjs';
import { ensureChromium, ensureHaproxy, ensurePoppler } from './test-tools.mjs';

const root = path.resolve(import.meta.dirname, '..');
const results = mkdtempSync(path.join(tmpdir(), 'vahti-results-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedSuites = 0;

function run(command, args, env = process.env) {
  return spawnSync(command, args, { cwd: root, stdio: 'inherit', env }).status ?? 1;
}

function vitestArgs(suite, args) {
  return [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(results, `${suite}.json`)}`,
    ...args,
  ];
}

function vitest(suite, args, env) {
  const started = performance.now();
  const status = run('npx', vitestArgs(suite, args), env);
  counted(suite, status, started);
}

/**
 * A suite run beside the caller's: its output goes to a file, printed by the returned `finish`
 * once the caller's suite has ended (two suites' lines interleaved would be unreadable).
 */
function vitestBeside(suite, args, env) {
  const started = performance.now();
  const log = path.join(results, `${suite}.log`);
  const output = openSync(log, 'w');
  const child = spawn('npx', vitestArgs(suite, args), {
    cwd: root,
    env,
    stdio: ['ignore', output, output],
  });
  const exited = new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  return async () => {
    const status = await exited;
    process.stdout.write(readFileSync(log, 'utf8'));
    counted(suite, status, started);
  };
}

/** Reads the suite's JSON report into its counts; a runner that died or ran nothing fails. */
function counted(suite, status, started) {
  const output = path.join(results, `${suite}.json`);
  let counts = { passed: 0, failed: 0, skipped: 0 };
  try {
    const report = JSON.parse(readFileSync(output, 'utf8'));
    counts = {
      passed: report.numPassedTests,
      failed:
        report.numFailedTests +
        (report.numTotalTestSuites > 0 && report.success === false && report.numFailedTests === 0
          ? 1
          : 0),
      skipped: report.numPendingTests + report.numTodoTests,
    };
  } catch {
    counts.failed = 1; // the runner died before writing its report
  }
  if (status !== 0 && counts.failed === 0) counts.failed = 1; // e.g. a file that failed to load
  if (counts.passed === 0 && counts.failed === 0) counts.failed = 1; // a suite that ran nothing fails
  console.log(`\n${suite} took ${((performance.now() - started) / 1000).toFixed(0)} s`);
  report(suite, counts);
}

function report(suite, counts) {
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  if (counts.failed > 0) failedSuites += 1;
  console.log(
    `\n${suite}: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}\n`,
  );
}

// The PDF report's test reads its PDF with poppler; a missing tool fails that test, loudly.
try {
  ensurePoppler();
} catch (err) {
  console.error(err.message);
}

const { TEST_DATABASE_URL, ...withoutPostgres } = process.env;
const clusterOnly = process.argv.includes('--e2e-cluster');
if (clusterOnly) {
  if (!TEST_DATABASE_URL) {
    console.error('--e2e-cluster needs TEST_DATABASE_URL (a PostgreSQL server)');
    process.exit(1);
  }
  try {
    ensureHaproxy();
  } catch (err) {
    console.error(err.message);
  }
} else {
  const postgres =
    TEST_DATABASE_URL &&
    vitestBeside('api-postgres', ['--project', 'api', ...POSTGRES_SUITE], process.env);
  vitest('unit-and-api-pglite', [], withoutPostgres);
  if (postgres) await postgres();
}

// Built once: the cluster step after `npm test` finds the build current.
if (!webBuildIsCurrent() && run('npm', ['run', 'build', '-w', '@vahti/web', '--silent']) !== 0) {
  report(clusterOnly ? 'e2e-cluster' : 'e2e', { passed: 0, failed: 1, skipped: 0 });
} else {
  let chrome;
  let fullChrome;
  try {
    chrome = ensureChromium();
    fullChrome = clusterOnly ? chrome : ensureChromium({ full: true });
  } catch (err) {
    // Without the full browser only the camera tests that need its permission prompt fail.
    console.error(err.message);
    fullChrome = chrome;
  }
  const suite = clusterOnly ? 'e2e-cluster' : 'e2e';
  if (chrome)
    vitest(suite, ['--config', 'e2e/vitest.config.ts'], {
      ...process.env,
      ...(clusterOnly && { E2E_CLUSTER: '1' }),
      CHROME_PATH: chrome,
      CHROME_FULL_PATH: fullChrome,
    });
  else report(suite, { passed: 0, failed: 1, skipped: 0 });
}

console.log(
  `total: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(failedSuites > 0 ? 1 : 0);
