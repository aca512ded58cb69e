import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { TOKEN_SCOPES } from '../../domain/enums';
import type { TokenScope } from '../../domain/enums';
import type { AccessToken, AccessTokenCreateSchema } from '../../domain/schemas/tokens';
import { TOKEN_PREFIX } from '../../domain/schemas/tokens';
import { recordAudit } from '../audit/audit.service';
import { randomSecret, sha256 } from '../auth/crypto';
import type { Principal } from '../auth/principal';
import { principalOfUser } from '../auth/principal';
import type { Database } from '../db/schema';
import { newId } from '../db/ids';
import { badRequest, notFound } from '../http/errors';
import { memberBudget, tokenLimitErrors } from '../gateway/rate-limits';
import type { LimitSettings } from '../gateway/rate-limits';
import { iso, isoOrNull } from '../http/rest';
import type { TokenRow, TokenSortField } from './tokens.repository';
import { OrganizationsRepository } from '../tenancy/organizations.repository';
import { TokensRepository } from './tokens.repository';

const DAY_MS = 86_400_000;
/** Last-used time is written at most once a minute per token, so a busy app does not write on every call. */
const MARK_USED_EVERY_MS = 60_000;

export function tokenStatus(row: TokenRow, at = Date.now()): AccessToken['Status'] {
  if (row.revoked_at !== null) return 'revoked';
  if (row.expires_at !== null && row.expires_at <= at) return 'expired';
  return 'active';
}

export function scopesOf(row: Pick<TokenRow, 'scopes'>): TokenScope[] {
  const stored = row.scopes.split(',');
  return TOKEN_SCOPES.filter((scope) => stored.includes(scope));
}

/** A valid bearer token: whose it is, what it may call, and the gateway limits that apply to it. */
export interface AuthenticatedToken {
  userId: string;
  /** The caller, read with the token; null when its owner is disabled (a disabled owner's tokens stop working). */
  principal: Principal | null;
  tokenId: string;
  scopes: TokenScope[];
  limits: LimitSettings;
  organizationLimits: LimitSettings;
}

export function toAccessToken(row: TokenRow): AccessToken {
  return {
    id: row.id,
    Name: row.name,
    MaskedSecret: row.masked_secret,
    ExpiryDays: row.expiry_days,
    ExpiresAt: isoOrNull(row.expires_at),
    LastUsedAt: isoOrNull(row.last_used_at),
    RevokedAt: isoOrNull(row.revoked_at),
    Status: tokenStatus(row),
    CreatedAt: iso(row.created_at),
    Scopes: scopesOf(row),
    RequestsPerMinute: row.rate_limit_rpm,
    TokensPerMinute: row.rate_limit_tpm,
  };
}

/** Personal API access tokens: the secret is shown once and stored only as a SHA-256 hash. */
export class TokensService {
  constructor(
    private readonly db: Kysely<Database>,
    /** GATEWAY_RATE_LIMIT_RPM: a member's requests a minute when their organization sets none. */
    private readonly defaultRpm: number,
  ) {}

  async list(actor: Principal, query: { search?: string; ids?: string[]; sortField: TokenSortField; sortOrder: 'asc' | 'desc'; offset: number; limit: number }) {
    const page = await new TokensRepository(this.db).list({ ...query, userId: actor.userId });
    return { rows: page.rows.map(toAccessToken), total: page.total };
  }

  async get(actor: Principal, id: string): Promise<AccessToken> {
    const row = await new TokensRepository(this.db).findOwned(id, actor.userId);
    if (!row) throw notFound('The access token');
    return toAccessToken(row);
  }

  async create(actor: Principal, input: z.output<typeof AccessTokenCreateSchema>): Promise<AccessToken & { Secret: string }> {
    const limits = { rpm: input.RequestsPerMinute ?? null, tpm: input.TokensPerMinute ?? null };
    if (limits.rpm !== null || limits.tpm !== null) {
      const organization = actor.organizationId ? await new OrganizationsRepository(this.db).gatewayLimits(actor.organizationId) : { rpm: null, tpm: null };
      const errors = tokenLimitErrors(limits, memberBudget(actor.userId, organization, this.defaultRpm));
      if (Object.keys(errors).length) throw badRequest('A token can only narrow its owner\'s limits.', errors);
    }
    const secret = `${TOKEN_PREFIX}${randomSecret()}`;
    const at = Date.now();
    const row: TokenRow = {
      id: newId(),
      user_id: actor.userId,
      name: input.Name,
      secret_hash: sha256(secret),
      masked_secret: `${secret.slice(0, TOKEN_PREFIX.length + 6)}…`,
      expiry_days: input.ExpiryDays,
      expires_at: input.ExpiryDays === 0 ? null : at + input.ExpiryDays * DAY_MS,
      last_used_at: null,
      revoked_at: null,
      created_at: at,
      scopes: input.Scopes.join(','),
      rate_limit_rpm: limits.rpm,
      rate_limit_tpm: limits.tpm,
    };
    await this.db.transaction().execute(async (trx) => {
      await new TokensRepository(trx).insert(row);
      await recordAudit(trx, actor, { action: 'create', resource: 'tokens', recordId: row.id, summary: `Created access token ${row.name}`, after: toAccessToken(row) });
    });
    return { ...toAccessToken(row), Secret: secret };
  }

  async revoke(actor: Principal, id: string): Promise<AccessToken> {
    return this.db.transaction().execute(async (trx) => {
      const tokens = new TokensRepository(trx);
      const before = await tokens.findOwned(id, actor.userId);
      if (!before) throw notFound('The access token');
      await tokens.revoke(id, Date.now());
      const after = toAccessToken((await tokens.findOwned(id, actor.userId))!);
      await recordAudit(trx, actor, { action: 'revoke', resource: 'tokens', recordId: id, summary: `Revoked access token ${before.name}`, before: toAccessToken(before), after });
      return after;
    });
  }

  /**
   * The owner of a valid bearer secret, or undefined for an unknown, revoked or expired one. The caller then checks
   * that the owner is still an enabled user (a disabled or deleted owner's tokens stop working with them).
   */
  async authenticate(secret: string): Promise<AuthenticatedToken | undefined> {
    if (!secret.startsWith(TOKEN_PREFIX)) return undefined;
    const tokens = new TokensRepository(this.db);
    const row = await tokens.findBySecretHash(sha256(secret));
    const at = Date.now();
    if (!row || tokenStatus(row, at) !== 'active') return undefined;
    if (row.last_used_at === null || at - row.last_used_at > MARK_USED_EVERY_MS) await tokens.markUsed(row.id, at);
    return {
      userId: row.user_id,
      principal: principalOfUser({ id: row.user_id, email: row.owner_email, role: row.owner_role, customer_id: row.owner_customer_id, organization_id: row.owner_organization_id, enabled: row.owner_enabled }, null) ?? null,
      tokenId: row.id,
      scopes: scopesOf(row),
      limits: { rpm: row.rate_limit_rpm, tpm: row.rate_limit_tpm },
      organizationLimits: { rpm: row.org_rate_limit_rpm, tpm: row.org_rate_limit_tpm },
    };
  }
}
