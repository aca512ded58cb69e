import type { Kysely, Selectable } from 'kysely';
import type { AccessTokensTable, Database } from '../db/schema';
import { containsAny } from '../db/like';
import { executeCompiledOnce } from '../db/compiled-once';

export type TokenRow = Selectable<AccessTokensTable>;

export const TOKEN_SORT = { id: 'id', Name: 'name', CreatedAt: 'created_at', ExpiresAt: 'expires_at', LastUsedAt: 'last_used_at' } as const;
export type TokenSortField = keyof typeof TOKEN_SORT;

export interface TokenOwnerColumns {
  org_rate_limit_rpm: number | null;
  org_rate_limit_tpm: number | null;
  owner_email: string;
  owner_role: number;
  owner_customer_id: string | null;
  owner_organization_id: string | null;
  owner_enabled: number;
}

export class TokensRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(query: { userId: string; search?: string; ids?: string[]; sortField: TokenSortField; sortOrder: 'asc' | 'desc'; offset: number; limit: number }) {
    let base = this.db.selectFrom('access_tokens').where('user_id', '=', query.userId);
    if (query.search) base = base.where((eb) => containsAny(eb, ['name', 'masked_secret'], query.search!));
    if (query.ids) base = base.where('id', 'in', query.ids.length ? query.ids : ['']);
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy(TOKEN_SORT[query.sortField], query.sortOrder).orderBy('id').offset(query.offset).limit(query.limit).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  findOwned(id: string, userId: string): Promise<TokenRow | undefined> {
    return this.db.selectFrom('access_tokens').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  }

  /** The token with its owner's organization's gateway limits, read in the same query (it runs on every token call). */
  // Every token call reads it: compiled once (compiled-once.ts).
  /** The token, its organization's limits and its owner (who the caller is: one look-up for both). */
  async findBySecretHash(secretHash: string): Promise<(TokenRow & TokenOwnerColumns) | undefined> {
    const result = await executeCompiledOnce(this.db, 'tokens.bySecretHash.owner', [secretHash], () => this.db
      .selectFrom('access_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .leftJoin('organizations as o', 'o.id', 'u.organization_id')
      .selectAll('t')
      .select([
        'o.rate_limit_rpm as org_rate_limit_rpm',
        'o.rate_limit_tpm as org_rate_limit_tpm',
        'u.email as owner_email',
        'u.role as owner_role',
        'u.customer_id as owner_customer_id',
        'u.organization_id as owner_organization_id',
        'u.enabled as owner_enabled',
      ])
      .where('t.secret_hash', '=', secretHash));
    return result.rows[0];
  }


  async insert(row: TokenRow): Promise<void> {
    await this.db.insertInto('access_tokens').values(row).execute();
  }

  async revoke(id: string, at: number): Promise<void> {
    await this.db.updateTable('access_tokens').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).execute();
  }

  async markUsed(id: string, at: number): Promise<void> {
    await this.db.updateTable('access_tokens').set({ last_used_at: at }).where('id', '=', id).execute();
  }
}
