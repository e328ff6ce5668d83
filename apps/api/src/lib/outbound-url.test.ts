import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  checkOutboundUrl,
  createOutboundFetch,
  isPublicAddress,
  OutboundUrlError,
} from './outbound-url.js';

const STRICT = { allowPrivate: false, allowHttp: false };

describe('outbound requests to addresses an administrator chose', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '2001:4860:4860::8888'])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('refuses plain http, credentials in the URL and private IP literals', () => {
    const reason = (url: string) => {
      try {
        checkOutboundUrl(url, STRICT);
        return 'allowed';
      } catch (err) {
        return (err as OutboundUrlError).reason;
      }
    };
    expect(reason('http://login.example.fi')).toBe('scheme');
    expect(reason('https://user:pw@login.example.fi')).toBe('url');
    expect(reason('https://169.254.169.254/latest')).toBe('address');
    expect(reason('https://[::1]/')).toBe('address');
    expect(reason('https://login.example.fi/')).toBe('allowed');
    expect(reason('http://127.0.0.1/')).toBe('scheme');
    expect(
      checkOutboundUrl('http://127.0.0.1/', { allowPrivate: true, allowHttp: true }).host,
    ).toBe('127.0.0.1');
  });

  it('checks the address a name resolves to, and connects only when allowed', async () => {
    const server = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    // localhost is a name, not a literal: the lookup is the check.
    const refused = createOutboundFetch({ allowPrivate: false, allowHttp: true });
    const allowed = createOutboundFetch({ allowPrivate: true, allowHttp: true });
    try {
      const error = await refused(`http://localhost:${port}/`).catch((err: unknown) => err);
      let cause: unknown = error;
      while (cause instanceof Error && !(cause instanceof OutboundUrlError)) cause = cause.cause;
      expect(cause).toBeInstanceOf(OutboundUrlError);
      expect(await (await allowed(`http://localhost:${port}/`)).text()).toBe('ok');
    } finally {
      await Promise.all([refused.close(), allowed.close()]);
      server.close();
    }
  });
});
