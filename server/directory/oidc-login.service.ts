import type { Kysely } from 'kysely';
import { IdentityType, Role } from '../../domain/enums';
import { recordAudit } from '../audit/audit.service';
import type { AuthService } from '../auth/auth.service';
import { sha256 } from '../auth/crypto';
import type { Principal } from '../auth/principal';
import { newId } from '../db/ids';
import type { Database } from '../db/schema';
import type { OutboundClient } from '../outbound';
import type { SecretBox } from '../security/secret-box';
import { callbackUrl, parseRoleMapping } from './idps.dto';
import type { IdpRow } from './idps.repository';
import { IdpsRepository } from './idps.repository';
import { OidcAccountsRepository } from './oidc-accounts.repository';
import type { AccountRow } from './oidc-accounts.repository';
import type { Claims, FederatedIdentity, OrgRole } from './oidc-claims';
import { assertDomainAllowed, groupNames, identityFrom, mappedRole } from './oidc-claims';
import { describeError, OidcClients } from './oidc-client';
import { OidcSignInError, SIGN_IN_MESSAGES } from './oidc-errors';
import { OidcPendingLoginsRepository } from './oidc-pending-logins.repository';

/** How long the browser may take at the provider between /login and /callback. */
export const PENDING_LOGIN_TTL_MS = 10 * 60_000;

export interface CallbackInput {
  idpId: string;
  /** The raw query string of the provider's redirect (code, state, iss, or error). */
  query: string;
  /** The state kept in the browser's HttpOnly cookie at /login: binds the callback to that browser. */
  stateFromCookie: string | undefined;
  ip: string | null;
  userAgent: string | undefined;
}

export class OidcLoginService {
  private readonly idps: IdpsRepository;
  private readonly pendingLogins: OidcPendingLoginsRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly secrets: SecretBox,
    private readonly auth: AuthService,
    outbound: OutboundClient,
    private readonly clients: OidcClients = new OidcClients(secrets, outbound),
  ) {
    this.idps = new IdpsRepository(db);
    this.pendingLogins = new OidcPendingLoginsRepository(db);
  }

  /** Starts a sign-in: remembers PKCE verifier and nonce server side; answers where to send the browser and the state for its cookie. */
  async begin(idpId: string, baseUrl: string): Promise<{ location: string; state: string }> {
    const idp = await this.enabledProvider(idpId);
    const redirectUri = callbackUrl(baseUrl, idp.id);
    const request = await this.clients.authorizationRequest(idp, redirectUri);
    const at = Date.now();
    await this.pendingLogins.deleteExpired(at);
    await this.pendingLogins.create({
      state_hash: sha256(request.state),
      idp_id: idp.id,
      code_verifier_enc: this.secrets.encrypt(request.codeVerifier),
      nonce: request.nonce,
      redirect_uri: redirectUri,
      created_at: at,
      expires_at: at + PENDING_LOGIN_TTL_MS,
    });
    return { location: request.url, state: request.state };
  }

  /** Completes a sign-in at the callback; answers a new session's secret. */
  async complete(input: CallbackInput): Promise<{ sessionToken: string }> {
    const params = new URLSearchParams(input.query);
    const state = params.get('state');
    const pending = state ? await this.pendingLogins.consume(sha256(state), Date.now()) : undefined;
    if (params.has('error')) {
      const cancelled = params.get('error') === 'access_denied';
      throw new OidcSignInError(cancelled ? SIGN_IN_MESSAGES.cancelled : SIGN_IN_MESSAGES.failed, `provider answered error=${params.get('error')?.slice(0, 100)}`);
    }
    if (!state || !pending || state !== input.stateFromCookie || pending.idp_id !== input.idpId) {
      throw new OidcSignInError(SIGN_IN_MESSAGES.expired, 'unknown, expired, replayed or foreign state');
    }
    const idp = await this.enabledProvider(input.idpId);
    const redirect = new URL(pending.redirect_uri);
    redirect.search = params.toString();
    let claims: Claims;
    try {
      claims = await this.clients.exchange(idp, redirect, {
        state,
        nonce: pending.nonce,
        codeVerifier: this.secrets.decrypt(pending.code_verifier_enc),
      });
    } catch (error) {
      if (error instanceof OidcSignInError) throw error;
      throw new OidcSignInError(SIGN_IN_MESSAGES.failed, `code exchange failed: ${describeError(error)}`);
    }
    const userId = await this.provisionUser(idp, claims);
    return { sessionToken: await this.auth.startSession(userId, input.ip, input.userAgent) };
  }

  private async enabledProvider(idpId: string): Promise<IdpRow> {
    const idp = await this.idps.findEnabled(idpId);
    if (!idp) throw new OidcSignInError(SIGN_IN_MESSAGES.notAvailable, 'provider unknown or disabled');
    return idp;
  }

  /** Finds the user by email, or creates them as FEDERATED in the provider's organization; refreshes names, role and groups. */
  private async provisionUser(idp: IdpRow, claims: Claims): Promise<string> {
    const identity = identityFrom(claims);
    assertDomainAllowed(identity.email, claims, { preset: idp.preset, allowedDomains: idp.allowed_domains });
    const role = mappedRole(claims, {
      roleClaim: idp.role_claim,
      roleMapping: parseRoleMapping(idp.role_mapping_json),
      defaultRole: idp.default_role as OrgRole,
    });
    const groups = groupNames(claims, idp.group_claim);

    return this.db.transaction().execute(async (trx) => {
      const accounts = new OidcAccountsRepository(trx);
      const existing = await accounts.findByEmail(identity.email);
      const account = existing ? await this.refreshAccount(trx, idp, existing, identity, role) : await this.createAccount(trx, idp, identity, role ?? (idp.default_role as OrgRole));
      const added = await accounts.addMemberships(account.id, await accounts.groupIdsByName(idp.organization_id, groups));
      if (added > 0) {
        await recordAudit(trx, principalOf(account), {
          action: 'update',
          resource: 'users',
          recordId: account.id,
          summary: `Added ${account.email} to ${added} group${added === 1 ? '' : 's'} from identity provider "${idp.name}"`,
          customerId: idp.customer_id,
          organizationId: idp.organization_id,
        });
      }
      return account.id;
    });
  }

  private async createAccount(trx: Kysely<Database>, idp: IdpRow, identity: FederatedIdentity, role: OrgRole): Promise<AccountRow> {
    const at = Date.now();
    const account: AccountRow = {
      id: newId(),
      email: identity.email,
      first_name: identity.firstName,
      last_name: identity.lastName,
      role,
      customer_id: idp.customer_id,
      organization_id: idp.organization_id,
      enabled: 1,
    };
    await new OidcAccountsRepository(trx).insert({
      ...account,
      identity_type: IdentityType.FEDERATED,
      password_hash: null,
      image: null,
      last_login_at: null,
      created_at: at,
      updated_at: at,
    });
    await recordAudit(trx, principalOf(account), {
      action: 'create',
      resource: 'users',
      recordId: account.id,
      summary: `Created federated user ${account.email} at first sign-in with identity provider "${idp.name}"`,
      after: userSnapshot(account),
      customerId: idp.customer_id,
      organizationId: idp.organization_id,
    });
    return account;
  }

  /**
   * Only a user of the provider's own organization, with an organization role, may sign in through it:
   * a user of another organization is never moved, and customer or product admins are never touched.
   */
  private async refreshAccount(trx: Kysely<Database>, idp: IdpRow, account: AccountRow, identity: FederatedIdentity, role: OrgRole | null): Promise<AccountRow> {
    const organizationRole = account.role === Role.ORG_ADMIN || account.role === Role.USER;
    if (account.organization_id !== idp.organization_id || !organizationRole) {
      throw new OidcSignInError(SIGN_IN_MESSAGES.otherAccount, 'account belongs to another organization or is not an organization user');
    }
    if (account.enabled !== 1) throw new OidcSignInError(SIGN_IN_MESSAGES.disabled, 'account disabled');
    const updated: AccountRow = { ...account, first_name: identity.firstName, last_name: identity.lastName, role: role ?? account.role };
    const changed = updated.first_name !== account.first_name || updated.last_name !== account.last_name || updated.role !== account.role;
    if (!changed) return account;
    await new OidcAccountsRepository(trx).updateProfile(account.id, { first_name: updated.first_name, last_name: updated.last_name, role: updated.role }, Date.now());
    await recordAudit(trx, principalOf(updated), {
      action: 'update',
      resource: 'users',
      recordId: account.id,
      summary: `Updated ${account.email} from identity provider "${idp.name}"`,
      before: userSnapshot(account),
      after: userSnapshot(updated),
      customerId: idp.customer_id,
      organizationId: idp.organization_id,
    });
    return updated;
  }
}

/** The signing-in user is the actor of the changes their own sign-in makes. */
function principalOf(account: AccountRow): Principal {
  return {
    userId: account.id,
    email: account.email,
    role: account.role as Principal['role'],
    customerId: account.customer_id,
    organizationId: account.organization_id,
    sessionIdHash: null,
  };
}

function userSnapshot(account: AccountRow): Record<string, unknown> {
  return {
    id: account.id,
    Email: account.email,
    FirstName: account.first_name,
    LastName: account.last_name,
    Role: account.role,
    OrganizationId: account.organization_id,
  };
}
