import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPath, expectAccessible, hashPath, signIn, useE2E } from './support/browser.js';
import { CHROMIUM_ARGS } from './support/chromium-args.js';
import { writeQrVideo } from './support/fake-camera.js';

// A meter's code with a space and an ampersand, so the link must encode it.
const CODE = 'EUI A81758FFFE0312AB&x';

// Chromium's fake camera films a QR code the test drew itself; the permission is granted. The
// whole browser: its headless shell has no permission prompt to grant or refuse.
const e2e = useE2E({
  fullBrowser: true,
  chromiumArgs: () => [
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${writeQrVideo(CODE)}`,
  ],
});

describe('QR scanner (/vainu/qr-code)', () => {
  it('reads the code from the camera with our own WebAssembly and carries it to the add-device form', async () => {
    const page = await e2e.newPage();
    const requests: string[] = [];
    page.context().on('request', (request) => requests.push(request.url()));
    const wasmTypes: string[] = [];
    page.context().on('response', (response) => {
      if (response.url().endsWith('.wasm'))
        wasmTypes.push(response.headers()['content-type'] ?? '');
    });
    // Keeps each camera stream the page gets, to see that leaving the screen stops it.
    await page.context().addInitScript(() => {
      const devices = navigator.mediaDevices;
      const getUserMedia = devices.getUserMedia.bind(devices);
      const streams: MediaStream[] = [];
      Object.assign(window, { cameraStreams: streams });
      devices.getUserMedia = async (constraints) => {
        const stream = await getUserMedia(constraints);
        streams.push(stream);
        return stream;
      };
    });

    await page.goto('/#/vainu/qr-code');
    await signIn(page, 'yllapitaja@demo.vahti.fi');
    await page.getByRole('heading', { name: 'QR-koodi' }).waitFor();
    await page.locator('output', { hasText: CODE }).waitFor();
    await page.getByRole('status').getByText('Osoita kamera mittarin QR-koodiin.').waitFor();
    await expectAccessible(page);

    // Nothing left this machine: the decoder's .wasm came from our server.
    const origin = new URL(e2e.server.url).origin;
    const foreign = requests.filter(
      (url) => !/^(data|blob):/.test(url) && new URL(url).origin !== origin,
    );
    expect(foreign).toEqual([]);
    expect(requests.some((url) => /\/assets\/zxing_reader-[\w-]+\.wasm$/.test(url))).toBe(true);
    // Served as WebAssembly, so the browser compiles it while it downloads.
    expect(wasmTypes).toEqual(['application/wasm']);

    await page.getByRole('button', { name: 'Lisää mittari' }).click();
    await page.waitForURL((url) => url.hash.startsWith('#/vainu/add-device'));
    expect(hashPath(page).split('?')[0]).toBe('/vainu/add-device');
    expect(new URLSearchParams(hashPath(page).split('?')[1]).get('qrCode')).toBe(CODE);
    // The add-device form opened with the scanned code filled in.
    await expect.poll(() => page.getByLabel('QR-koodi', { exact: true }).inputValue()).toBe(CODE);

    // Leaving the screen released the camera.
    const trackStates = () =>
      page.evaluate(() =>
        (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams.flatMap((stream) =>
          stream.getTracks().map((track) => track.readyState),
        ),
      );
    await expect.poll(trackStates, { timeout: 15_000 }).toEqual(['ended']);
  });

  it('says when no device has the code, and fits a 360 px phone', async () => {
    const page = await e2e.newPage({ width: 360, height: 740 });
    await page.goto('/#/vainu/qr-code');
    await signIn(page, 'paakayttaja@demo.vahti.fi');
    await page.locator('output', { hasText: CODE }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    // Keyboard only: Tab reaches the second action, Enter follows it.
    const show = page.getByRole('button', { name: 'Näytä mittarin tiedot' });
    for (let i = 0; i < 40 && !(await show.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    // The device page opens for a known code (e2e/vainu-device-page.e2e.ts); this one is no one's.
    await page
      .getByRole('alert')
      .getByText(`Koodilla ${CODE} ei löytynyt mittaria.`, { exact: true })
      .waitFor();
    expect(hashPath(page)).toBe('/vainu/qr-code');
  });

  // Browsers whose getUserMedia fails for real: one with no camera at all (the permission is
  // granted), one with a camera whose permission question headless Chromium turns down.
  it.each([
    ['no camera', ['--use-fake-ui-for-media-stream'], 'ERROR: no camera on this device'],
    [
      'permission refused',
      ['--use-fake-device-for-media-stream'],
      'ERROR: you need to grant camera access permisson',
    ],
  ])("shows the spec's text when the camera cannot be used: %s", async (_case, flags, text) => {
    const executablePath = chromiumPath({ full: true });
    const bare = await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, ...flags] });
    try {
      const context = await bare.newContext({ baseURL: e2e.server.url, locale: 'fi-FI' });
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      await page.goto('/#/vainu/qr-code');
      await signIn(page, 'yllapitaja@demo.vahti.fi');
      await page.getByRole('alert').getByText(text, { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Yritä uudelleen' }).waitFor();
      expect(await page.getByRole('button', { name: 'Lisää mittari' }).isDisabled()).toBe(true);
      await expectAccessible(page);
    } finally {
      await bare.close();
    }
  });
});
