import * as oidc from 'openid-client';
import {
  createOutboundFetch,
  type OutboundPolicy,
  OutboundUrlError,
} from '../../lib/outbound-url.js';

/** What can go wrong talking to a provider, as the codes the sign-in answers with. */
export type OidcFailure =
  | 'SSO_ISSUER_NOT_ALLOWED'
  | 'SSO_DISCOVERY_FAILED'
  | 'SSO_PROVIDER_REFUSED'
  | 'SSO_TOKEN_INVALID';

export class OidcError extends Error {
  constructor(
    readonly failure: OidcFailure,
    /** The library's code or error name, for the log: never a token or a secret. */
    readonly detail: string,
  ) {
    super(`${failure}: ${detail}`);
    this.name = 'OidcError';
  }
}

/** The library's own code (oauth4webapi's `code`, e.g. OAUTH_JWT_CLAIM_COMPARISON_FAILED). */
const detailOf = (err: unknown) =>
  err instanceof Error ? `${(err as { code?: string }).code ?? err.name}` : 'unknown';

function failure(err: unknown, during: OidcFailure): OidcError {
  if (err instanceof OidcError) return err;
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if (e instanceof OutboundUrlError) return new OidcError('SSO_ISSUER_NOT_ALLOWED', e.reason);
  }
  // The provider answered the browser with an error (access_denied, login_required…).
  if (err instanceof oidc.AuthorizationResponseError) {
    return new OidcError('SSO_PROVIDER_REFUSED', err.error);
  }
  return new OidcError(during, detailOf(err));
}

export interface ProviderSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret?: string;
}

/** The claims the sign-in reads: the subject and the e-mail, with whether the provider verified it. */
export interface SignedInIdentity {
  sub: string;
  email: string | undefined;
  emailVerified: boolean;
}

/**
 * OpenID Connect with `openid-client` (v6): discovery, the authorization code flow with PKCE
 * (S256), state and nonce, and the code grant, whose ID token the library checks (signature by
 * the issuer's JWKS, issuer, audience = our client id, expiry, nonce). Every request goes
 * through the outbound guard (lib/outbound-url.ts).
 */
export function createOidcClient({
  policy,
  redirectUri,
  timeoutSeconds = 10,
}: {
  policy: OutboundPolicy;
  redirectUri: string;
  timeoutSeconds?: number;
}) {
  const outboundFetch = createOutboundFetch(policy, timeoutSeconds * 1000);

  async function discover({ issuerUrl, clientId, clientSecret }: ProviderSettings) {
    try {
      return await oidc.discovery(
        new URL(issuerUrl),
        clientId,
        undefined,
        // client_secret_basic: the token endpoint method OpenID Connect registration defaults to.
        clientSecret === undefined ? oidc.None() : oidc.ClientSecretBasic(clientSecret),
        {
          [oidc.customFetch]: outboundFetch as oidc.CustomFetch,
          execute: policy.allowHttp ? [oidc.allowInsecureRequests] : [],
          timeout: timeoutSeconds,
        },
      );
    } catch (err) {
      throw failure(err, 'SSO_DISCOVERY_FAILED');
    }
  }

  return {
    redirectUri,

    /** Reads the issuer's discovery document: the issuer it names (checked to be the same). */
    async test(issuerUrl: string): Promise<string> {
      const config = await discover({ issuerUrl, clientId: 'vahti-test' });
      return config.serverMetadata().issuer;
    },

    /** Where to send the browser, with fresh state, nonce and PKCE verifier to keep server-side. */
    async start(settings: ProviderSettings, loginHint: string) {
      const config = await discover(settings);
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        login_hint: loginHint,
      });
      return { url: url.href, state, nonce, codeVerifier };
    },

    /**
     * The provider's redirect back (`query`: its parameters), checked against what `start` kept:
     * the code is traded for tokens and the ID token verified. The e-mail is read from the ID
     * token, or from the userinfo endpoint where the provider keeps it there.
     */
    async finish(
      settings: ProviderSettings,
      query: string,
      expected: { state: string; nonce: string; codeVerifier: string },
    ): Promise<SignedInIdentity> {
      const config = await discover(settings);
      try {
        const tokens = await oidc.authorizationCodeGrant(
          config,
          new URL(`${redirectUri}?${query}`),
          {
            expectedState: expected.state,
            expectedNonce: expected.nonce,
            pkceCodeVerifier: expected.codeVerifier,
            idTokenExpected: true,
          },
        );
        const claims = tokens.claims();
        if (!claims) throw new OidcError('SSO_TOKEN_INVALID', 'no ID token');
        let source: Record<string, unknown> = claims;
        if (claims.email === undefined) {
          source = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
        }
        return {
          sub: claims.sub,
          email: typeof source.email === 'string' ? source.email : undefined,
          emailVerified: source.email_verified === true,
        };
      } catch (err) {
        throw failure(err, 'SSO_TOKEN_INVALID');
      }
    },

    close: () => outboundFetch.close(),
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
