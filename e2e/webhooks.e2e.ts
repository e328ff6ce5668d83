import { execFileSync } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectAccessible, signIn, useE2E } from './support/browser.js';

const NAME = 'E2E-valvomo';
const SHOTS = process.env.E2E_SCREENSHOT_DIR;

// The server runs as in production (https only), so the receiver is an https server with a
// certificate made here; the server trusts it through NODE_EXTRA_CA_CERTS. It listens on
// 127.0.0.1, which OUTBOUND_ALLOW_PRIVATE lets the server reach.
const received: { headers: IncomingHttpHeaders; raw: string }[] = [];
let receiver: Server | undefined;
let receiverUrl = '';

async function startReceiver() {
  const dir = mkdtempSync(path.join(tmpdir(), 'vahti-e2e-webhook-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  receiver = createServer(
    { key: readFileSync(key), cert: readFileSync(cert) },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, raw: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(200).end('ok');
      });
    },
  );
  await new Promise<void>((resolve) => receiver?.listen(0, '127.0.0.1', resolve));
  receiverUrl = `https://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  return { NODE_EXTRA_CA_CERTS: cert, OUTBOUND_ALLOW_PRIVATE: '1' };
}

const e2e = useE2E({ env: startReceiver });
afterAll(
  () => new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve())),
);

/** docs/webhooks.md's check: HMAC-SHA256 of "<t>.<raw body>" with the secret, in constant time. */
function signedWith(secret: string, raw: string, header: string) {
  const { t, v1 } = Object.fromEntries(header.split(',').map((p) => p.split('='))) as Record<
    string,
    string
  >;
  const expected = createHmac('sha256', secret).update(`${t}.${raw}`).digest();
  const given = Buffer.from(v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe('webhooks in Hallinta (Ylläpitäjä)', () => {
  it('creates a webhook, sends a test to a local receiver and shows its status code in the log', async () => {
    const page = await e2e.newPage();
    await page.goto('/#/admin/webhooks');
    await signIn(page, 'yllapitaja@demo.vahti.fi');
    await page.getByRole('heading', { name: 'Webhookit', level: 1 }).waitFor();

    await page.getByLabel('Nimi').fill(NAME);
    await page.getByLabel('Osoite (URL)').fill(receiverUrl);
    await page.getByRole('button', { name: 'Luo webhook' }).click();
    await page.getByText(/Webhook luotu/).waitFor();
    const secret = await page.getByLabel('Salaisuus', { exact: true }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    const row = page.getByRole('row', { name: new RegExp(NAME) });
    await row.getByText('Ei vielä').waitFor();

    await page.getByRole('button', { name: `Toimitusloki: ${NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: `Toimitusloki: ${NAME}` });
    await dialog.getByRole('button', { name: 'Lähetä testi' }).click();
    // The log polls while the delivery waits: then it shows the receiver's answer.
    const delivered = dialog.getByRole('row', { name: /Testi.*Toimitettu.*200/ });
    await delivered.waitFor();
    await expectAccessible(page);
    expect(received).toHaveLength(1);
    const [got] = received;
    expect(got?.headers['x-vahti-event']).toBe('webhook.test');
    expect(signedWith(secret, got?.raw ?? '', String(got?.headers['x-vahti-signature']))).toBe(
      true,
    );
    await dialog.getByRole('button', { name: 'Sulje' }).click();
    await row.getByText(/Toimitettu \(200\)/).waitFor();

    // On a phone: no sideways scroll, still accessible.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('heading', { name: 'Webhookit', level: 1 }).waitFor();
    await expect
      .poll(() =>
        page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      )
      .toBeLessThanOrEqual(0);
    await expectAccessible(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/webhooks-360.png`, fullPage: true });
  });
});
