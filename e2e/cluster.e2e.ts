import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { minimalPdf } from '../apps/api/src/db/demo/materialbank.js';
import type { ClusterInstance } from '../scripts/cluster.mjs';
import { signIn, useE2E } from './support/browser.js';

// Two instances behind HAProxy (ADR 0030); this file runs only in cluster mode (E2E_CLUSTER=1).
const e2e = useE2E();
const MAIN_USER = 'paakayttaja@demo.vahti.fi';
/** A demo particle meter without readings (SIMULATE=0); its PM2.5 has the high limit 24. */
const PARTICLE_EUI = '70B3D57EDA000004';

function instances(): [ClusterInstance, ClusterInstance] {
  const [a, b] = e2e.server.cluster?.instances ?? [];
  if (!a || !b) throw new Error('not in cluster mode: run with E2E_CLUSTER=1');
  return [a, b];
}

const ingestKey = () =>
  readFileSync(path.join(e2e.server.dataDir, 'demo-ingest-key.txt'), 'utf8').trim();

/** One PM2.5 reading through the generic webhook of `base` (an instance or the balancer). */
function postReading(base: string, value: number, time: Date, deviceEui = PARTICLE_EUI) {
  return fetch(`${base}/api/ingest/generic`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ingestKey()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ deviceEui, time: time.toISOString(), values: { 'PM2.5': value } }),
  });
}

/**
 * Counts which instance answered each of the page's API calls, from X-Vahti-Instance. Only the
 * API: its answers are never cached, while a static file may come from the browser's cache with
 * the headers of its first answer.
 */
function countInstances(page: Page) {
  const counts: Record<string, number> = {};
  page.on('response', (res: Response) => {
    if (!new URL(res.url()).pathname.startsWith('/api/')) return;
    const name = res.headers()['x-vahti-instance'];
    if (name) counts[name] = (counts[name] ?? 0) + 1;
  });
  return counts;
}

/** The badge's count of active alarms, from its accessible name. */
async function badgeCount(page: Page): Promise<number> {
  const badge = page.getByRole('link', { name: /^Aktiiviset hälytykset: \d+$/ });
  await badge.waitFor();
  return Number(/\d+/.exec((await badge.getAttribute('aria-label')) ?? '')?.[0]);
}

async function apiToken(base: string, email: string) {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userEmail: email, userPassword: 'Vahti-demo-2026' }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

describe('two instances behind the load balancer', () => {
  it("spreads one browser's requests over both instances", async () => {
    const page = await e2e.newPage();
    const counts = countInstances(page);
    await page.goto('/#/admin/dashboard');
    await signIn(page, MAIN_USER);
    await page.getByRole('link', { name: /^Aktiiviset hälytykset: \d+$/ }).waitFor();
    await page.goto('/#/vainu/show-alarms');
    await page.getByRole('heading', { name: 'Hälytykset', exact: true }).waitFor();
    await page.goto('/#/vainu/show-devices');
    await page.getByRole('heading', { name: 'Mittarit', exact: true }).waitFor();
    await page.goto('/#/admin/dashboard');
    await page.getByRole('link', { name: /^Aktiiviset hälytykset: \d+$/ }).waitFor();
    console.log(`API answers per instance: ${JSON.stringify(counts)}`);
    expect(counts.a).toBeGreaterThan(0);
    expect(counts.b).toBeGreaterThan(0);
    await page.context().close();
  });

  it('an alarm raised by an uplink on instance A reaches a browser connected to instance B', async () => {
    const [a, b] = instances();
    // The browser talks to B alone, past the balancer.
    const context = await e2e.browser.newContext({ baseURL: b.url, locale: 'fi-FI' });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const stream = page.waitForResponse((res) => res.url().includes('/api/events'));
    await page.goto('/#/admin/dashboard');
    await signIn(page, MAIN_USER);
    expect((await stream).headers()['x-vahti-instance']).toBe('b');

    // A reading inside the limits first closes any alarm of the meter; the badge then agrees
    // with the server.
    const base = Date.now() - 120_000;
    expect((await postReading(a.url, 5, new Date(base))).status).toBe(200);
    const token = await apiToken(a.url, MAIN_USER);
    const active = await fetch(`${a.url}/api/alarms/active`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const before = ((await active.json()) as { alarms: unknown[] }).alarms.length;
    await expect.poll(() => badgeCount(page)).toBe(before);

    // Above the high limit on A: B's stream hears it through PostgreSQL and the badge counts it.
    const label = `Aktiiviset hälytykset: ${before + 1}`;
    const started = performance.now();
    const res = await postReading(a.url, 500, new Date(base + 60_000));
    expect(res.headers.get('x-vahti-instance')).toBe('a');
    expect(await res.json()).toEqual({ stored: 1, duplicates: 0 });
    await page.waitForFunction(
      (name) => document.querySelector(`a[aria-label="${name}"]`) !== null,
      label,
      { timeout: 15_000 },
    );
    const latency = performance.now() - started;
    console.log(
      `alarm on A → badge on B: ${latency.toFixed(0)} ms (uplink answered, NOTIFY, SSE, badge refetch)`,
    );
    await context.close();
  });

  it('a file uploaded through instance A is served and deleted through instance B (S3)', async () => {
    const [a, b] = instances();
    // One sign-in, used on both instances: a session is not tied to the instance that made it.
    // An Ylläpitäjä, who may delete files too.
    const auth = { authorization: `Bearer ${await apiToken(a.url, 'yllapitaja@demo.vahti.fi')}` };
    const listed = await fetch(`${a.url}/api/targets`, { headers: auth });
    const [target] = ((await listed.json()) as { targets: { targetId: string }[] }).targets;
    if (!target) throw new Error('the demo organization has no target');
    const pdf = minimalPdf('Klusteritesti');
    const form = new FormData();
    form.set('title', 'Klusteritesti');
    form.set('targets', target.targetId);
    form.set('permissions', 'Käyttäjä');
    form.set('applications', '1');
    form.set('state', 'Aktiivinen');
    form.set('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'klusteri.pdf');
    const uploaded = await fetch(`${a.url}/api/materialbank-file`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    const answer = (await uploaded.json()) as { materialbankFile: { id: string; file: string } };
    expect(uploaded.status, JSON.stringify(answer)).toBe(201);
    expect(uploaded.headers.get('x-vahti-instance')).toBe('a');
    const { id, file } = answer.materialbankFile;

    const served = await fetch(`${b.url}/api/materialbank-get-file?file=${file}`, {
      headers: auth,
    });
    expect(served.status).toBe(200);
    expect(served.headers.get('x-vahti-instance')).toBe('b');
    expect(Buffer.from(await served.arrayBuffer()).equals(pdf)).toBe(true);

    const removed = await fetch(`${b.url}/api/materialbank-file`, {
      method: 'DELETE',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ id }),
    });
    expect(removed.status).toBe(200);
    const gone = await fetch(`${a.url}/api/materialbank-get-file?file=${file}`, { headers: auth });
    expect(gone.status).toBe(404);
    await gone.body?.cancel();
  });

  it('killing one instance mid-run loses no acknowledged uplink and no browser session', async () => {
    const [, b] = instances();
    const cluster = e2e.server.cluster;
    if (!cluster) throw new Error('not in cluster mode');
    const page = await e2e.newPage();
    const counts = countInstances(page);
    await page.goto('/#/vainu/show-alarms');
    await signIn(page, MAIN_USER);
    await page.getByRole('heading', { name: 'Hälytykset', exact: true }).waitFor();
    // The session is answered by both: round robin sends some of its calls to B (a reload asks
    // again should a slow health check have kept B out for a moment).
    await expect
      .poll(
        async () => {
          if ((counts.b ?? 0) === 0) await page.reload();
          return counts.b ?? 0;
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBeGreaterThan(0);

    // Uplinks through the balancer, 4 at a time, each its own minute; B is killed after 60
    // were acknowledged, and 60 more are acknowledged after that.
    const start = Date.now() - 10 * 86_400_000;
    const acked: number[] = [];
    const refused: string[] = [];
    let next = 0;
    let killedAt = -1;
    const worker = async () => {
      while (killedAt < 0 || acked.length < killedAt + 60) {
        const at = start + next++ * 60_000;
        const res = await postReading(cluster.url, 5, new Date(at)).catch((err: Error) => {
          refused.push(String((err.cause as { code?: string } | undefined)?.code ?? err.message));
          return null;
        });
        if (res?.ok) acked.push(at);
        else if (res) refused.push(String(res.status));
        await res?.body?.cancel();
        if (killedAt < 0 && acked.length >= 60) {
          killedAt = acked.length;
          await b.kill('SIGKILL');
        }
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    expect(b.alive).toBe(false);
    console.log(
      `uplinks: ${next} sent, ${acked.length} acknowledged, ${refused.length} refused (${refused.join(', ') || 'none'})`,
    );

    // Every acknowledged uplink is stored.
    const client = new pg.Client({ connectionString: cluster.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ at: Date }>(
        `select m.created_at as at from measurement_data m join devices d using (device_id)
         where d.dev_eui = $1 and m.created_at >= $2`,
        [PARTICLE_EUI, new Date(start)],
      );
      const stored = new Set(rows.map((row) => row.at.getTime()));
      expect(acked.filter((at) => !stored.has(at))).toEqual([]);
    } finally {
      await client.end();
    }

    // The signed-in browser keeps working through the balancer, now answered by A alone.
    const afterKill = { ...counts };
    await page.goto('/#/vainu/show-devices');
    await page.getByRole('heading', { name: 'Mittarit', exact: true }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Mittarit', exact: true }).waitFor();
    expect(page.url()).not.toContain('login');
    expect(counts.a ?? 0).toBeGreaterThan(afterKill.a ?? 0);
    expect(counts.b ?? 0).toBe(afterKill.b ?? 0);
  });
});
