import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, SignJWT } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A real OpenID provider in the test process: panva's `oidc-provider` (the certified
 * implementation), on a random port of 127.0.0.1, with one confidential client and an
 * interaction that signs in the account the test names without a UI. The setup follows the
 * library's documentation (github.com/panva/node-oidc-provider, docs/README.md): `findAccount`
 * for the account model, `interactions.url` with `interactionFinished` for the login prompt, and
 * `loadExistingGrant` creating the grant, as its "skip consent for first-party clients" recipe.
 *
 * `misbehave` rewrites the ID token of the next token responses, re-signed with the provider's
 * own key, as a faulty or hostile provider would send it: for another client (audience) or
 * already expired. The client must refuse them.
 */
export interface TestAccount {
  email: string;
  emailVerified: boolean;
}

export type Misbehaviour = 'none' | 'otherAudience' | 'expired';

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next interaction signs in (by e-mail; created on first use). */
  signInAs(account: TestAccount): void;
  misbehave(kind: Misbehaviour): void;
  close(): Promise<void>;
}

export async function startTestProvider({
  redirectUri,
}: {
  redirectUri: string;
}): Promise<TestProvider> {
  const clientId = 'vahti-test';
  const clientSecret = randomBytes(24).toString('base64url');
  const accounts = new Map<string, TestAccount>();
  let current: TestAccount | null = null;
  let misbehaviour: Misbehaviour = 'none';

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };

  let provider: Provider | null = null;
  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    features: { devInteractions: { enabled: false } },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: account.email,
          email_verified: account.emailVerified,
        }),
      };
    },
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId || !ctx.oidc.client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const callback = provider.callback();

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (!provider) throw new Error('provider not ready');
    if (req.url?.startsWith('/interaction/')) {
      if (!current) throw new Error('signInAs() was not called');
      const account = current;
      accounts.set(account.email, account);
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: account.email } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (req.url?.startsWith('/token') && misbehaviour !== 'none') rewriteIdToken(res, misbehaviour);
    callback(req, res);
  }

  /** Holds the token endpoint's answer back and sends it with its ID token rewritten. */
  function rewriteIdToken(res: ServerResponse, kind: Misbehaviour) {
    const end = res.end.bind(res) as (body: Buffer) => void;
    res.end = ((body?: Buffer | string) => {
      const answer = JSON.parse(String(body ?? '{}')) as { id_token?: string };
      if (!answer.id_token) {
        end(Buffer.from(JSON.stringify(answer)));
        return res;
      }
      const claims = decodeJwt(answer.id_token);
      const now = Math.floor(Date.now() / 1000);
      const changed =
        kind === 'otherAudience'
          ? { ...claims, aud: 'another-client' }
          : { ...claims, iat: now - 7200, exp: now - 3600 };
      new SignJWT(changed)
        .setProtectedHeader(decodeProtectedHeader(answer.id_token) as { alg: string })
        .sign(privateKey)
        .then((idToken) => {
          const rewritten = Buffer.from(JSON.stringify({ ...answer, id_token: idToken }));
          res.setHeader('content-length', rewritten.length);
          end(rewritten);
        });
      return res;
    }) as ServerResponse['end'];
  }

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(account) {
      current = account;
    },
    misbehave(kind) {
      misbehaviour = kind;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Follows the provider's redirects as a browser would (keeping its cookies), from the
 * authorization URL until it sends the browser to `redirectUri`; answers that URL.
 */
export async function followToRedirectUri(url: string, redirectUri: string): Promise<string> {
  const jar = new Map<string, string>();
  let next = url;
  for (let hop = 0; hop < 10; hop++) {
    if (next.startsWith(redirectUri)) return next;
    const response = await fetch(next, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (!location) {
      throw new Error(
        `the provider answered ${response.status} at ${next}: ${await response.text()}`,
      );
    }
    next = new URL(location, next).href;
  }
  throw new Error('too many redirects');
}
