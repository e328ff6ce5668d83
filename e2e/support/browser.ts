import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { CHROMIUM_ARGS } from './chromium-args.js';
import { type RunningServer, startServer } from './server.js';

export const DEMO_PASSWORD = 'Vahti-demo-2026';

export interface E2E {
  server: RunningServer;
  browser: Browser;
  /** A fresh browser context (own storage) per call: one user's session does not leak into the next. */
  newPage(options?: { width?: number; height?: number; timezoneId?: string }): Promise<Page>;
}

export interface E2EOptions {
  /** Extra server environment, computed when the file starts (e.g. a test SMTP server's URL). */
  env?: () => Promise<Record<string, string>> | Record<string, string>;
  /** Extra Chromium flags, computed when the file starts (e.g. a fake camera's video file). */
  chromiumArgs?: () => Promise<string[]> | string[];
  /** The whole browser rather than its headless shell: camera permissions (scripts/test-tools.mjs). */
  fullBrowser?: boolean;
  /** Serve as http://localhost:port rather than 127.0.0.1 (WebAuthn needs a domain). */
  host?: 'localhost';
}

/** The Chromium executable `npm test` found: the headless shell, or with `full` the browser. */
export function chromiumPath({ full = false } = {}): string {
  const executablePath = (full && process.env.CHROME_FULL_PATH) || process.env.CHROME_PATH;
  if (!executablePath)
    throw new Error('CHROME_PATH is not set: run the end-to-end tests through npm test');
  return executablePath;
}

/**
 * The plain headless Chromium of this worker: launched by its first file, kept for the next ones
 * (a worker keeps its modules from one file to the next, vitest.config.ts) and ended with the
 * worker. Each test still gets new contexts, each with its own storage, closed when it ends.
 */
let sharedBrowser: Promise<Browser> | undefined;

function plainBrowser(): Promise<Browser> {
  if (!sharedBrowser) {
    const launched = chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    const forget = () => {
      if (sharedBrowser === launched) sharedBrowser = undefined;
    };
    launched.then((browser) => browser.on('disconnected', forget), forget);
    sharedBrowser = launched;
  }
  return sharedBrowser;
}

/**
 * Starts one server for the test file, and takes the worker's Chromium (a Chromium of its own
 * when the file needs other flags or the whole browser); the server and its own Chromium close
 * after it.
 */
export function useE2E(options: E2EOptions = {}): E2E {
  const state = {} as E2E;
  /** The test's browser contexts: closed when it ends, so no page of it renders under the next. */
  const open = new Set<BrowserContext>();
  const ownBrowser = options.fullBrowser === true || options.chromiumArgs !== undefined;
  beforeAll(async () => {
    const [server, browser] = await Promise.allSettled([
      startServer(await options.env?.(), { host: options.host }),
      // launch() gives Chromium a fresh temporary --user-data-dir and removes it on close.
      ownBrowser
        ? chromium.launch({
            executablePath: chromiumPath({ full: options.fullBrowser }),
            args: [...CHROMIUM_ARGS, ...((await options.chromiumArgs?.()) ?? [])],
          })
        : plainBrowser(),
    ]);
    // One that started is stopped by afterAll even when the other failed: no server outlives the run.
    if (server.status === 'fulfilled') state.server = server.value;
    if (browser.status === 'fulfilled') state.browser = browser.value;
    if (server.status === 'rejected') throw server.reason;
    if (browser.status === 'rejected') throw browser.reason;
    state.newPage = async ({ width = 1280, height = 800, timezoneId } = {}) => {
      const context = await state.browser.newContext({
        baseURL: state.server.url,
        locale: 'fi-FI',
        timezoneId,
        viewport: { width, height },
      });
      open.add(context);
      // Every waitFor and action waits this long: generous, for a busy machine.
      context.setDefaultTimeout(15_000);
      return context.newPage();
    };
  });
  afterEach(async () => {
    await Promise.all([...open].map((context) => context.close()));
    open.clear();
  });
  afterAll(async () => {
    if (ownBrowser) await state.browser?.close();
    await state.server?.stop();
  });
  return state;
}

/** Signs in through the login screen. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  // Wait for the login screen itself: a hash navigation may still show the previous screen.
  await page.getByRole('heading', { name: 'Kirjaudu sisään' }).waitFor();
  await page.getByLabel('Sähköposti').fill(email);
  await page.getByLabel('Salasana').fill(password);
  await page.getByRole('button', { name: 'Kirjaudu', exact: true }).click();
}

/** The path of a hash route, e.g. "/main" for http://host/#/main. */
export function hashPath(page: Page): string {
  return new URL(page.url()).hash.replace(/^#/, '') || '/';
}

/**
 * Chooses `option` in the MUI select named `name` within `scope` (a dialog, or the page): opens
 * it, clicks the option and waits for its list to close. On a busy machine the click has been
 * lost once (CI, 2026-11-27): the list stayed open, and the dialog behind it stayed hidden from
 * the accessibility tree. The list is then closed and the choice made again, as a user would
 * (at most three tries, 10 s each).
 */
export async function chooseOption(
  page: Page,
  scope: Page | Locator,
  name: string | RegExp,
  option: string | RegExp,
) {
  for (let attempt = 1; ; attempt += 1) {
    await scope.getByRole('combobox', { name }).click();
    await page.getByRole('option', { name: option }).click();
    const closed = await page
      .getByRole('listbox')
      .waitFor({ state: 'hidden', timeout: 10_000 })
      .then(
        () => true,
        () => false,
      );
    if (closed) return;
    if (attempt === 3) throw new Error(`${String(name)}: the list did not close after choosing`);
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
  }
}

/** axe-core's browser build, put into a page once per document. */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** axe-core on the current page, once its transitions have ended: no serious or critical violation. */
export async function expectAccessible(page: Page) {
  // A dialog still fading in is half transparent, and axe would measure its contrast mid-way.
  // Endless ones (a spinner) are left out.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  // axe is put into the page once per document, not before every check: parsing its 550 kB took
  // 250 ms of the 600 ms a check cost (docs/performance.md). It runs in the page itself: the
  // app's one frame shows a PDF (site info), which axe cannot read (the frame element is still
  // checked). Only the violations come back.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: { run: (...args: unknown[]) => Promise<AxeResults> };
    };
    const results = await axe.run(document, { iframes: false, resultTypes: ['violations'] });
    return results.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      targets: nodes.map((node) => node.target.join(' ')),
    }));
  });
  const blocking = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.targets.join(', ')}`);
  expect(blocking).toEqual([]);
}
