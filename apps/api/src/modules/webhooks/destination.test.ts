import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../lib/outbound-url.js';
import {
  checkDestination,
  DestinationRefused,
  guardedLookup,
  postToDestination,
} from './destination.js';

const closed = { allowPrivate: false, httpsOnly: false };

describe('webhook destinations (SSRF guard)', () => {
  it('takes only public unicast addresses, unwrapping IPv4-mapped IPv6', () => {
    for (const address of ['1.1.1.1', '8.8.4.4', '2606:4700:4700::1111']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '2002:7f00:1::1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('refuses http where only https is allowed, and names an unknown host', async () => {
    expect(await checkDestination('http://1.1.1.1/', { ...closed, httpsOnly: true })).toBe(
      'urlHttps',
    );
    expect(await checkDestination('https://1.1.1.1/', { ...closed, httpsOnly: true })).toBeNull();
    expect(await checkDestination('https://hooks.vahti.invalid/', closed)).toBe('urlUnresolved');
    expect(await checkDestination('ftp://1.1.1.1/', closed)).toBe('urlInvalid');
  });

  it('refuses at connection time too: the request resolves through the same check', async () => {
    // What a rebinding DNS would answer at the second lookup; the check before it has passed.
    const lookup = (policy: typeof closed, all: boolean) =>
      new Promise<unknown>((resolve, reject) =>
        guardedLookup(policy)('localhost', { all }, (err, address) =>
          err ? reject(err) : resolve(address),
        ),
      );
    await expect(lookup(closed, true)).rejects.toBeInstanceOf(DestinationRefused);
    await expect(lookup(closed, false)).rejects.toBeInstanceOf(DestinationRefused);
    expect(await lookup({ ...closed, allowPrivate: true }, false)).toMatch(/^(127\.0\.0\.1|::1)$/);
  });

  it('never connects to a refused address, by literal or by name, unless allowed', async () => {
    let hits = 0;
    const server = createServer((_req, res) => {
      hits += 1;
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const send = (url: string, allowPrivate: boolean) =>
      postToDestination(url, {
        body: '{}',
        headers: {},
        timeoutMs: 5000,
        policy: { allowPrivate, httpsOnly: false },
      });
    try {
      for (const url of [`http://127.0.0.1:${port}/`, `http://localhost:${port}/`]) {
        await expect(send(url, false)).rejects.toBeInstanceOf(DestinationRefused);
      }
      expect(hits).toBe(0);
      expect(await send(`http://localhost:${port}/`, true)).toEqual({
        statusCode: 200,
        excerpt: 'ok',
      });
      expect(hits).toBe(1);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
