import { execFileSync } from 'node:child_process';
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
// http_ece is the reference implementation of RFC 8188 by one of its authors (Martin Thomson),
// the one web-push encrypts with; here it decrypts as a browser does (RFC 8291 §3.4).
import ece from 'http_ece';

/** One request as the push service received it, decrypted. */
export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The decrypted body (RFC 8291 aes128gcm) as text. */
  text: string;
  /** The VAPID JWT's claims, after its ES256 signature was checked against `k`. */
  vapid: { aud: string; exp: number; sub: string; publicKey: string };
  /** Date.now() when its last byte had arrived. */
  receivedAt: number;
}

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

/**
 * Checks `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292 §3): the JWT's ES256
 * signature against k (an uncompressed P-256 point), and returns its claims.
 */
function checkVapid(header: string | undefined): ReceivedPush['vapid'] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID Authorization header: ${header}`);
  const [head = '', claims = '', signature = ''] = match[1].split('.');
  const point = Buffer.from(match[2], 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = Buffer.from(`${head}.${claims}`);
  const ok = verify(
    'sha256',
    signed,
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString());
  if (header_.alg !== 'ES256') throw new Error(`VAPID alg ${header_.alg}`);
  return { ...JSON.parse(Buffer.from(claims, 'base64url').toString()), publicKey: match[2] };
}

/**
 * A local push service over HTTPS (RFC 8030 §5): accepts POSTs to /push/<name>, answers with
 * the next status queued by `answer` (201 when none), and decrypts each body with the browser
 * keys registered for that name, answering `delayMs` after the body has arrived (a slow push
 * service). The certificate is made by openssl for 127.0.0.1; `agent` (or a process given `cert`
 * in NODE_EXTRA_CA_CERTS) trusts it.
 */
export async function startPushReceiver({ delayMs = 0 } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'vahti-push-'));
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
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(path.join(dir, 'cert.pem'));
  const key = readFileSync(path.join(dir, 'key.pem'));
  rmSync(dir, { recursive: true, force: true });

  const browsers = new Map<string, ReturnType<typeof browserKeys>>();
  const answers: number[] = [];
  const received: ReceivedPush[] = [];
  const failures: unknown[] = [];
  const server = createServer({ cert, key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const receivedAt = Date.now();
      const status = answers.shift() ?? 201;
      try {
        const name = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
        const browser = browsers.get(name);
        if (!browser) throw new Error(`no browser ${name}`);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const plain: Buffer = ece.decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: browser.ecdh,
          authSecret: browser.auth.toString('base64url'),
        });
        received.push({
          path: req.url ?? '',
          headers: req.headers,
          text: plain.toString('utf8'),
          vapid: checkVapid(req.headers.authorization),
          receivedAt,
        });
      } catch (err) {
        failures.push(err);
      }
      setTimeout(() => res.writeHead(status, { location: `${req.url}/message` }).end(), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `https://127.0.0.1:${port}`;
  return {
    origin,
    cert,
    agent: new Agent({ ca: cert }),
    received,
    failures,
    /** A new browser: its subscription JSON for POST /api/push-subscriptions. */
    browser(name: string) {
      const keys = browserKeys();
      browsers.set(name, keys);
      return { endpoint: `${origin}/push/${name}`, expirationTime: null, keys: keys.json };
    },
    /** The next requests are answered with these statuses, in order. */
    answer(...statuses: number[]) {
      answers.push(...statuses);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
