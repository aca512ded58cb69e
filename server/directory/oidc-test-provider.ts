// Test support: a real OpenID Provider (oidc-provider) on an ephemeral localhost port, whose login
// interaction signs in whichever test account is next, and a tiny browser (fetch + cookie jar).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';

export type AccountClaims = Record<string, unknown> & { email?: string };

export interface TestOpenIdProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Claims per account id; change them between sign-ins. */
  accounts: Map<string, AccountClaims>;
  /** The account the next login interaction signs in. */
  signInAs(accountId: string): void;
  /** Registers the client once the app's callback URLs are known. */
  start(redirectUris: string[]): void;
  close(): Promise<void>;
}

const SCOPES = 'openid email profile groups';

export async function startTestOpenIdProvider(): Promise<TestOpenIdProvider> {
  let handler: http.RequestListener = (_req, res) => res.writeHead(503).end();
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, AccountClaims>();
  let nextAccount = '';
  const clientId = 'console-test-client';
  const clientSecret = 'test-provider-client-secret-4b1e';

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    signInAs(accountId) {
      nextAccount = accountId;
    },
    start(redirectUris) {
      const provider = new Provider(issuer, {
        clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: redirectUris, grant_types: ['authorization_code'], response_types: ['code'] }],
        cookies: { keys: ['test-provider-cookie-key'] },
        scopes: SCOPES.split(' '),
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name', 'hd'], groups: ['groups', 'console_role'] },
        features: { devInteractions: { enabled: false } },
        ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
        interactions: { url: (_ctx: KoaContextWithOIDC, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
        findAccount: (_ctx: KoaContextWithOIDC, sub: string) => {
          const claims = accounts.get(sub);
          return claims ? { accountId: sub, claims: async () => ({ ...claims, sub }) } : undefined;
        },
        // First-party client: no consent screen, every requested scope is granted.
        loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
          const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
          grant.addOIDCScope(SCOPES);
          await grant.save();
          return grant;
        },
      });
      const providerCallback = provider.callback();
      handler = (req, res) => {
        if (!req.url?.startsWith('/interaction/')) return void providerCallback(req, res);
        void provider
          .interactionDetails(req, res)
          .then(() => provider.interactionFinished(req, res, { login: { accountId: nextAccount } }, { mergeWithLastSubmission: false }))
          .catch(() => res.writeHead(500).end());
      };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A browser stand-in: follows redirects by hand across both servers, keeping cookies per origin. */
export class TestBrowser {
  private readonly jars = new Map<string, Map<string, string>>();
  readonly visited: string[] = [];

  cookieHeader(origin: string): string {
    return [...(this.jars.get(origin) ?? new Map<string, string>())].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  cookie(origin: string, name: string): string | undefined {
    return this.jars.get(origin)?.get(name);
  }

  async get(url: string): Promise<Response> {
    const target = new URL(url);
    const response = await fetch(target, { redirect: 'manual', headers: { cookie: this.cookieHeader(target.origin) } });
    this.visited.push(target.href);
    this.store(target.origin, response.headers.getSetCookie());
    return response;
  }

  /** Follows redirects until one leads outside `/auth/` (and `/interaction/`) or out of redirects; answers that location. */
  async follow(url: string, stopOrigin: string): Promise<URL> {
    let next = new URL(url);
    for (let hop = 0; hop < 20; hop++) {
      const response = await this.get(next.href);
      const location = response.headers.get('location');
      await response.arrayBuffer();
      if (!location) return next;
      next = new URL(location, next);
      if (next.origin === stopOrigin && !next.pathname.startsWith('/auth/')) return next;
    }
    throw new Error('too many redirects');
  }

  private store(origin: string, setCookies: string[]): void {
    const jar = this.jars.get(origin) ?? new Map<string, string>();
    this.jars.set(origin, jar);
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const name = pair.slice(0, pair.indexOf('=')).trim();
      const value = pair.slice(pair.indexOf('=') + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute) || /^\s*expires=.*1970/i.test(attribute));
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  }
}
