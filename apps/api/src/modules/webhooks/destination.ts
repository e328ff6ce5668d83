import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { checkedLookup, isPublicAddress } from '../../lib/outbound-url.js';

// Where a webhook may be sent (docs/security.md, "Outbound webhooks"): a guard against
// server-side request forgery. A webhook's URL is checked when it is saved and again at every
// delivery, and the connection goes to the address that was checked: the request resolves the
// host through `guardedLookup`, which refuses as the check does, so a DNS answer that changes
// between the check and the connection (DNS rebinding) cannot send it inside.

/** Why a destination is refused: a validation key of `webhooks.*`. */
export type DestinationProblem = 'urlHttps' | 'urlPrivate' | 'urlUnresolved' | 'urlInvalid';

export interface DestinationPolicy {
  /** OUTBOUND_ALLOW_PRIVATE: loopback, private and link-local addresses too. */
  allowPrivate: boolean;
  /** Production: https only. */
  httpsOnly: boolean;
}

export class DestinationRefused extends Error {
  constructor(readonly problem: DestinationProblem) {
    super(`destination refused: ${problem}`);
  }
}

/** The URL's host as an address, when it is one (IPv6 without its brackets). */
const literalAddress = (hostname: string) => {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : null;
};

function resolveAll(hostname: string, family = 0): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, family }, (err, addresses) =>
      err ? reject(err) : resolve(addresses),
    );
  });
}

/** The addresses refused by the policy among these (none when private networks are allowed). */
const refusedOf = (addresses: readonly string[], policy: DestinationPolicy) =>
  policy.allowPrivate ? [] : addresses.filter((a) => !isPublicAddress(a));

/**
 * Checks a webhook URL against the policy: its scheme, then every address its host resolves to
 * (a host with any non-public address is refused: a round-robin answer could pick it).
 */
export async function checkDestination(
  value: string,
  policy: DestinationPolicy,
): Promise<DestinationProblem | null> {
  if (!URL.canParse(value)) return 'urlInvalid';
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'urlInvalid';
  if (policy.httpsOnly && url.protocol !== 'https:') return 'urlHttps';
  const literal = literalAddress(url.hostname);
  if (literal) return refusedOf([literal], policy).length > 0 ? 'urlPrivate' : null;
  try {
    const addresses = await resolveAll(url.hostname);
    return refusedOf(
      addresses.map((a) => a.address),
      policy,
    ).length > 0
      ? 'urlPrivate'
      : null;
  } catch {
    return 'urlUnresolved';
  }
}

/** The request's DNS lookup: resolves as Node would, and refuses as `checkDestination` does. */
export const guardedLookup = (policy: DestinationPolicy): LookupFunction =>
  checkedLookup(policy, () => new DestinationRefused('urlPrivate'));

export interface PostResult {
  statusCode: number;
  /** The start of the answer's body, for the delivery log. */
  excerpt: string;
}

/** Characters of an answer kept in the delivery log. */
export const EXCERPT_CHARS = 200;

/**
 * POSTs the body to the URL once: the destination checked first (throws DestinationRefused),
 * no redirect followed (a 3xx is an answer like any other), the whole exchange within
 * `timeoutMs`, and only the first bytes of the answer read.
 */
export async function postToDestination(
  value: string,
  {
    body,
    headers,
    timeoutMs,
    policy,
  }: {
    body: string;
    headers: Record<string, string>;
    timeoutMs: number;
    policy: DestinationPolicy;
  },
): Promise<PostResult> {
  const problem = await checkDestination(value, policy);
  if (problem) throw new DestinationRefused(problem);
  const url = new URL(value);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<PostResult>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
        lookup: guardedLookup(policy),
        agent: false,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          resolve({
            statusCode: response.statusCode ?? 0,
            excerpt: Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_CHARS),
          });
          response.destroy();
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= EXCERPT_CHARS * 4) finish();
        });
        response.on('end', finish);
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
