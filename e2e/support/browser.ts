import { AxeBuilder } from '@axe-core/playwright';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
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
}

/** Starts one server and one Chromium for the test file; both close after it. */
export function useE2E(options: E2EOptions = {}): E2E {
  const state = {} as E2E;
  beforeAll(async () => {
    const executablePath = process.env.CHROME_PATH;
    if (!executablePath)
      throw new Error('CHROME_PATH is not set: run the end-to-end tests through npm test');
    const [server, browser] = await Promise.all([
      startServer(await options.env?.()),
      // launch() gives Chromium a fresh temporary --user-data-dir and removes it on close.
      chromium.launch({
        executablePath,
        args: [...CHROMIUM_ARGS, ...((await options.chromiumArgs?.()) ?? [])],
      }),
    ]);
    state.server = server;
    state.browser = browser;
    state.newPage = async ({ width = 1280, height = 800, timezoneId } = {}) => {
      const context = await browser.newContext({
        baseURL: server.url,
        locale: 'fi-FI',
        timezoneId,
        viewport: { width, height },
      });
      // Every waitFor and action waits this long: generous, for a busy machine.
      context.setDefaultTimeout(15_000);
      return context.newPage();
    };
  });
  afterAll(async () => {
    await state.browser?.close();
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
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  expect(blocking).toEqual([]);
}
