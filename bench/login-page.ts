/**
 * The login page as a phone on a slow network sees it: headless Chromium (CHROME_PATH, default
 * /usr/bin/chromium, with the e2e tests' flags) with DevTools' Slow 4G profile (562.5 ms latency,
 * 1.44 Mbit/s down, 675 kbit/s up) and 4× CPU slowdown, a 412 × 823 phone viewport and an empty
 * cache each round. It reports the Largest Contentful Paint, when the scripts had arrived, when
 * the form was usable (an e-mail field shown that takes typing and keeps a sent form: the static
 * card's, which React takes over, or React's own), when React's own field was in the page, and the JavaScript
 * the page loads (bytes on the wire and unpacked). Baseline, same profile and run: a minimal HTML
 * page with one heading from a bare node:http server (what any page costs here). BEFORE_WEB_DIR,
 * another build of the web app (e.g. main's apps/web/dist copied aside), is measured in the same
 * run beside this one's.
 * Run: npm run bench -- login-page
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/support/chromium-args.js';
import { ensureWebBuild, startServer, stopServer, webDir } from './lib/servers.js';
import { percentile } from './stats.js';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1_000_000 * 0.9) / 8,
  uploadThroughput: (750 * 1_000 * 0.9) / 8,
};

ensureWebBuild();
const builds = [
  ...(process.env.BEFORE_WEB_DIR ? [['/#/login before', process.env.BEFORE_WEB_DIR]] : []),
  ['/#/login', webDir],
] as const;
const floor = createServer((_req, res) => {
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.end('<!doctype html><html lang="fi"><title>Vahti</title><h1>Kirjaudu sisään</h1></html>');
});
await new Promise<void>((resolve) => floor.listen(0, '127.0.0.1', resolve));
const floorUrl = `http://127.0.0.1:${(floor.address() as AddressInfo).port}/`;

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});

interface Visit {
  lcp: number;
  /** When the last script had arrived: the network's part of the LCP; the rest is CPU. */
  jsDone: number;
  /**
   * The frame after an e-mail field that takes typing was shown: the static card's (which React
   * takes over, with a form sent in the meantime) or React's.
   */
  usable: number;
  /** The frame after React's e-mail field was in the page (not the static card's). */
  app: number;
  scripts: number;
  jsWire: number;
  jsUnpacked: number;
}

/** One cold visit: a new context (empty cache), throttled, until the network has settled. */
async function visit(url: string, ready: (page: Page) => Promise<unknown>): Promise<Visit> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    locale: 'fi-FI',
  });
  const page = await context.newPage();
  // A script for the page: no named inner functions (tsx would wrap them in a helper the page
  // does not have).
  await page.addInitScript(() => {
    const marks = window as { usableAt?: number; appAt?: number };
    let usable = false;
    new MutationObserver((_, observer) => {
      const shown = [
        ...document.querySelectorAll<HTMLInputElement>('#root input[autocomplete="username"]'),
      ].filter((input) => input.checkVisibility() && !input.closest('[inert]'));
      if (shown.length > 0 && !usable) {
        usable = true;
        requestAnimationFrame(() => {
          marks.usableAt ??= performance.now();
        });
      }
      if (shown.some((input) => !input.closest('#login-shell'))) {
        requestAnimationFrame(() => {
          marks.appAt ??= performance.now();
        });
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  await ready(page);
  await page.waitForLoadState('networkidle', { timeout: 60_000 });
  const result = await page.evaluate(async () => {
    const lcp = await new Promise<number>((resolve) => {
      new PerformanceObserver((list) => {
        const last = list.getEntries().at(-1);
        resolve(last ? last.startTime : Number.NaN);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const js = performance
      .getEntriesByType('resource')
      .filter((e) => e.name.endsWith('.js')) as PerformanceResourceTiming[];
    return {
      lcp,
      jsDone: Math.max(0, ...js.map((e) => e.responseEnd)),
      usable: (window as { usableAt?: number }).usableAt ?? Number.NaN,
      app: (window as { appAt?: number }).appAt ?? Number.NaN,
      scripts: js.length,
      jsWire: js.reduce((sum, e) => sum + e.encodedBodySize, 0),
      jsUnpacked: js.reduce((sum, e) => sum + e.decodedBodySize, 0),
    };
  });
  await context.close();
  return result;
}

async function rounds(url: string, ready: (page: Page) => Promise<unknown>) {
  const visits: Visit[] = [];
  for (let i = 0; i < ROUNDS; i++) visits.push(await visit(url, ready));
  return visits;
}

const baseline = await rounds(floorUrl, (page) => page.getByRole('heading').waitFor());
const logins: [string, Visit[]][] = [];
for (const [name, dir] of builds) {
  const app = await startServer('app', [], { WEB_DIR: dir });
  logins.push([
    name,
    await rounds(`${app.address}/#/login`, (page) =>
      page.getByRole('button', { name: 'Kirjaudu', exact: true }).waitFor({ timeout: 60_000 }),
    ),
  ]);
  await stopServer(app);
}
await browser.close();
floor.close();

const kB = (bytes: number) => (bytes / 1024).toFixed(1);
console.log(`\nlogin page, Slow 4G + 4× CPU, ${ROUNDS} cold visits each (median)`);
console.log(
  `${'page'.padEnd(28)} ${'LCP ms'.padStart(8)} ${'× base'.padStart(7)} ${'JS in ms'.padStart(9)} ${'usable ms'.padStart(10)} ${'app ms'.padStart(7)} ${'scripts'.padStart(8)} ${'JS wire KiB'.padStart(12)} ${'JS unpacked KiB'.padStart(16)}`,
);
/** The median of one figure of the visits. */
const median = (visits: Visit[], figure: 'lcp' | 'jsDone' | 'usable' | 'app') =>
  percentile(
    visits.map((v) => v[figure]),
    50,
  );
/** Milliseconds, or '–' for a figure the page has not (the baseline's form). */
const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(0));
const base = median(baseline, 'lcp');
for (const [name, visits] of [['one-heading page (baseline)', baseline], ...logins] as const) {
  const lcp = median(visits, 'lcp');
  const last = visits.at(-1) as Visit;
  console.log(
    `${name.padEnd(28)} ${ms(lcp).padStart(8)} ${(lcp / base).toFixed(2).padStart(7)} ${ms(median(visits, 'jsDone')).padStart(9)} ${ms(median(visits, 'usable')).padStart(10)} ${ms(median(visits, 'app')).padStart(7)} ${String(last.scripts).padStart(8)} ${kB(last.jsWire).padStart(12)} ${kB(last.jsUnpacked).padStart(16)}`,
  );
}
