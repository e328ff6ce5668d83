import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  /** The raw body, as signed. */
  raw: string;
  body: Record<string, unknown>;
  /** Date.now() when its last byte had arrived. */
  receivedAt: number;
}

/**
 * Verifies X-Vahti-Signature as docs/webhooks.md tells a receiver to: parse t and v1, recompute
 * HMAC-SHA256 of "<t>.<raw body>" with the secret, compare in constant time, and refuse a t
 * more than 5 minutes from the clock.
 */
export function verifySignature(secret: string, raw: string, header: string | undefined): boolean {
  const parts = Object.fromEntries(
    (header ?? '').split(',').map((part) => part.split('=') as [string, string]),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > 300 || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${raw}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A real HTTP receiver on 127.0.0.1 for webhook deliveries: keeps every request and answers
 * with `status` (200 unless set), `delayMs` after the body has arrived (a slow receiver).
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const state = { status: 200, delayMs: 0 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({
        headers: request.headers,
        raw,
        body: JSON.parse(raw),
        receivedAt: Date.now(),
      });
      setTimeout(() => {
        response.writeHead(state.status, { 'content-type': 'text/plain' });
        response.end(state.status < 300 ? 'ok' : 'receiver failed on purpose');
      }, state.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
