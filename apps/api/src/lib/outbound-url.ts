import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, fetch as undiciFetch } from 'undici';

/**
 * Requests to addresses an administrator chose (an organization's OpenID issuer): a server-side
 * request forgery guard. The URL must be https (http only where allowed), and every address its
 * host resolves to must be public: loopback, private, link-local, CGNAT, multicast and the like
 * are refused unless the setting allows them (tests, an in-house provider on the LAN). The
 * connection goes to the address that was checked (the lookup is the check), so a name that
 * resolves to something else a moment later (DNS rebinding) gains nothing.
 *
 * The webhooks (modules/webhooks/destination.ts) judge addresses and look hosts up with the same
 * `isPublicAddress` and `checkedLookup`.
 */
export interface OutboundPolicy {
  /** Loopback, private and link-local addresses (and plain http) are allowed. */
  allowPrivate: boolean;
  /** Plain http is allowed (never in production unless allowPrivate). */
  allowHttp: boolean;
}

/** Why an outbound URL was refused: the caller turns it into its own error. */
export class OutboundUrlError extends Error {
  constructor(readonly reason: 'scheme' | 'address' | 'url') {
    super(`outbound request refused (${reason})`);
    this.name = 'OutboundUrlError';
  }
}

/**
 * True for an address on the public internet: ipaddr.js's `unicast` range, after unwrapping an
 * IPv4-mapped IPv6 address (::ffff:127.0.0.1 is 127.0.0.1). Every other range is refused:
 * loopback, private (RFC 1918), uniqueLocal (fc00::/7), linkLocal (169.254/16, fe80::/10),
 * carrierGradeNat (100.64/10), unspecified, multicast, broadcast, reserved, and the IPv6
 * transition forms (6to4, Teredo, NAT64) that could embed any IPv4 address.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

/** The URL, if its scheme and (when it is an IP literal) its address are allowed. */
export function checkOutboundUrl(raw: string | URL, policy: OutboundPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundUrlError('url');
  }
  if (url.username || url.password) throw new OutboundUrlError('url');
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowHttp)) {
    throw new OutboundUrlError('scheme');
  }
  // An IP literal is connected to without a lookup: it is checked here.
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && !policy.allowPrivate && !isPublicAddress(literal)) {
    throw new OutboundUrlError('address');
  }
  return url;
}

/**
 * A lookup that resolves every address of the name and refuses the name if any is not public
 * (a round-robin answer could pick it), unless private addresses are allowed; `refused` is the
 * error it fails with.
 */
export function checkedLookup(
  policy: Pick<OutboundPolicy, 'allowPrivate'>,
  refused: () => Error = () => new OutboundUrlError('address'),
): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      if (!policy.allowPrivate && addresses.some((entry) => !isPublicAddress(entry.address))) {
        return callback(refused(), '', 0);
      }
      if (options.all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const [first] = addresses;
      if (!first) return callback(refused(), '', 0);
      return callback(null, first.address, first.family);
    });
  };
}

/**
 * A fetch for outbound requests under the policy: each URL is checked (scheme, IP literal),
 * each connection made to a checked address, redirects are not followed (the caller decides),
 * and a request takes at most `timeoutMs`.
 */
export function createOutboundFetch(policy: OutboundPolicy, timeoutMs = 10_000) {
  const dispatcher = new Agent({
    connect: { lookup: checkedLookup(policy), timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  const outboundFetch = (input: string | URL, init: RequestInit = {}): Promise<Response> => {
    const url = checkOutboundUrl(input, policy);
    return undiciFetch(url, {
      ...(init as Parameters<typeof undiciFetch>[1]),
      redirect: 'manual',
      dispatcher,
    }) as unknown as Promise<Response>;
  };
  return Object.assign(outboundFetch, { close: () => dispatcher.close() });
}
