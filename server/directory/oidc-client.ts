// The relying-party side of OpenID Connect, through openid-client: discovery (cached), the authorization
// request (code + PKCE S256 + state + nonce) and the code exchange with ID token and userinfo validation.
import * as client from 'openid-client';
import type { OutboundClient } from '../outbound';
import { outboundErrorIn } from '../outbound';
import type { SecretBox } from '../security/secret-box';
import type { Claims } from './oidc-claims';
import type { IdpRow } from './idps.repository';
import { OidcSignInError, SIGN_IN_MESSAGES } from './oidc-errors';

const DISCOVERY_TTL_MS = 10 * 60_000;
const HTTP_TIMEOUT_SECONDS = 10;
/** Discovery documents, key sets, token and userinfo answers are small. */
const MAX_ANSWER_BYTES = 1024 * 1024;
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface AuthorizationRequest {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface ExpectedCallback {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Plain http is accepted only for a provider on this machine (development and tests), never elsewhere. */
export function isLocalHttpIssuer(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname);
}

export class OidcClients {
  private readonly cache = new Map<string, { configuration: client.Configuration; expiresAt: number }>();

  private readonly fetch: client.CustomFetch;

  constructor(
    private readonly secrets: SecretBox,
    outbound: OutboundClient,
  ) {
    // Discovery, key sets, the token exchange and userinfo all go through the guarded client (customFetch is kept by
    // the configuration that discovery builds).
    const guarded = outbound.fetcher({ timeoutMs: HTTP_TIMEOUT_SECONDS * 1000, maxResponseBytes: MAX_ANSWER_BYTES });
    // Its body types are fetch's (a Uint8Array over any buffer, which TypeScript's BodyInit spells narrower).
    this.fetch = (url, options) => guarded(url, options as RequestInit);
  }

  async authorizationRequest(idp: IdpRow, redirectUri: string): Promise<AuthorizationRequest> {
    const configuration = await this.configurationFor(idp);
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const parameters: Record<string, string> = {
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: idp.scopes,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    };
    const domains = idp.allowed_domains?.split(',') ?? [];
    if (idp.preset === 'google' && domains.length === 1) parameters.hd = domains[0]!;
    return { url: client.buildAuthorizationUrl(configuration, parameters).href, state, nonce, codeVerifier };
  }

  /** Validates the provider's redirect and exchanges the code; answers the ID token claims merged with userinfo. */
  async exchange(idp: IdpRow, callbackUrl: URL, expected: ExpectedCallback): Promise<Claims> {
    const configuration = await this.configurationFor(idp);
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: expected.codeVerifier,
      expectedState: expected.state,
      expectedNonce: expected.nonce,
      idTokenExpected: true,
    });
    const idTokenClaims = tokens.claims();
    if (!idTokenClaims) throw new Error('the token response carried no ID token');
    const claims: Claims = { ...idTokenClaims };
    if (configuration.serverMetadata().userinfo_endpoint && tokens.access_token) {
      const userInfo = await client.fetchUserInfo(configuration, tokens.access_token, idTokenClaims.sub);
      Object.assign(claims, userInfo);
    }
    return claims;
  }

  private async configurationFor(idp: IdpRow): Promise<client.Configuration> {
    const key = `${idp.id}:${idp.updated_at}`;
    const cached = this.cache.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached.configuration;
    for (const stale of this.cache.keys()) if (stale.startsWith(`${idp.id}:`)) this.cache.delete(stale);

    let configuration: client.Configuration;
    try {
      configuration = await client.discovery(
        new URL(idp.issuer),
        idp.client_id,
        undefined,
        client.ClientSecretBasic(this.secrets.decrypt(idp.client_secret_enc)),
        { timeout: HTTP_TIMEOUT_SECONDS, [client.customFetch]: this.fetch, ...(isLocalHttpIssuer(idp.issuer) ? { execute: [client.allowInsecureRequests] } : {}) },
      );
    } catch (error) {
      throw new OidcSignInError(SIGN_IN_MESSAGES.unreachable, `discovery failed: ${describeError(error)}`);
    }
    configuration.timeout = HTTP_TIMEOUT_SECONDS;
    this.cache.set(key, { configuration, expiresAt: Date.now() + DISCOVERY_TTL_MS });
    return configuration;
  }
}

/** Name, code and message of an openid-client error: enough to diagnose, with no tokens or secrets. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  // openid-client wraps what its fetch threw ("something went wrong"); the guard's refusal says why.
  const outbound = outboundErrorIn(error);
  if (outbound) return `${outbound.name}: ${outbound.message}`;
  const details = error as Error & { code?: unknown; error?: unknown; error_description?: unknown };
  const parts = [error.name, typeof details.code === 'string' ? details.code : null, error.message.slice(0, 200)];
  if (typeof details.error === 'string') parts.push(`error=${details.error.slice(0, 100)}`);
  if (typeof details.error_description === 'string') parts.push(details.error_description.slice(0, 200));
  return parts.filter(Boolean).join(': ');
}
