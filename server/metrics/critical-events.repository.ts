// Critical events: the organization's blocked, malicious and failed prompts, newest first.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { CriticalEvent, CriticalEventKind } from '../../domain/schemas/metrics';
import { PromptCycleStatus } from '../../domain/enums';
import type { Database } from '../db/schema';
import { containsAny } from '../db/like';

export interface CriticalEventsQuery {
  organizationId: string;
  kind?: CriticalEventKind | undefined;
  q?: string | undefined;
  userId?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
  /** Red-team prompts (0017) are left out unless asked for: `include` lists them too, `only` lists only them. */
  redTeam?: 'include' | 'only' | undefined;
  /** Created time unless `id` (react-admin's default sort). */
  sortBy?: 'CreatedAt' | 'id';
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

export async function listCriticalEvents(db: Kysely<Database>, query: CriticalEventsQuery): Promise<{ rows: CriticalEvent[]; total: number }> {
  let base = db
    .selectFrom('prompts')
    .leftJoin('users', 'users.id', 'prompts.user_id')
    .leftJoin('apps', 'apps.id', 'prompts.app_id')
    .where('prompts.organization_id', '=', query.organizationId)
    .where('prompts.status', '!=', 'in_progress');
  if (query.redTeam === undefined) base = base.where('prompts.red_team_job_id', 'is', null);
  else if (query.redTeam === 'only') base = base.where('prompts.red_team_job_id', 'is not', null);
  const isBlocked = sql<boolean>`prompts.blocked_json is not null`;
  const isMalicious = sql<boolean>`prompts.malicious = 1`;
  const isFailed = sql<boolean>`prompts.status = 'failed'`;
  if (query.kind === 'blocked') base = base.where(isBlocked);
  else if (query.kind === 'malicious') base = base.where(isMalicious);
  else if (query.kind === 'failed') base = base.where(isFailed);
  else base = base.where((eb) => eb.or([isBlocked, isMalicious, isFailed]));
  if (query.userId) base = base.where('prompts.user_id', '=', query.userId);
  if (query.from !== undefined) base = base.where('prompts.created_at', '>=', query.from);
  if (query.to !== undefined) base = base.where('prompts.created_at', '<', query.to);
  if (query.q) {
    const q = query.q;
    base = base.where((eb) => containsAny(eb, ['users.email', 'apps.name', 'prompts.model_name', 'prompts.message_type', 'prompts.blocked_json'], q));
  }
  const [rows, count] = await Promise.all([
    base
      .select([
        'prompts.id',
        'prompts.conversation_id',
        'prompts.created_at',
        'prompts.user_id',
        'prompts.app_id',
        'prompts.language_model_id',
        'prompts.model_name',
        'prompts.message_type',
        'prompts.status',
        'prompts.blocked_json',
        'prompts.malicious',
        'users.email',
        'apps.name as app_name',
      ])
      .select((eb) => [
        eb
          .selectFrom('prompt_stages')
          .select('prompt_stages.reason')
          .whereRef('prompt_stages.prompt_id', '=', 'prompts.id')
          .where('prompt_stages.cycle_status', '=', PromptCycleStatus.FAILED)
          .orderBy('prompt_stages.ordinal')
          .limit(1)
          .as('failure_reason'),
        eb.selectFrom('prompt_stages').select('prompt_stages.reason').whereRef('prompt_stages.prompt_id', '=', 'prompts.id').where('prompt_stages.service', '=', 'prompt_guard').as('guard_reason'),
      ])
      .orderBy(query.sortBy === 'id' ? 'prompts.id' : 'prompts.created_at', query.order)
      .orderBy('prompts.id', query.order)
      .offset(query.offset)
      .limit(query.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.total),
    rows: rows.map((row) => {
      const blocked = row.blocked_json ? (JSON.parse(row.blocked_json) as { Reason?: string; PolicyName?: string }) : null;
      const kinds: CriticalEventKind[] = [];
      if (blocked) kinds.push('blocked');
      if (Number(row.malicious) === 1) kinds.push('malicious');
      if (row.status === 'failed') kinds.push('failed');
      const reason = blocked ? (blocked.PolicyName ? `${blocked.PolicyName}: ${blocked.Reason ?? ''}`.trim() : (blocked.Reason ?? null)) : row.status === 'failed' ? row.failure_reason : row.guard_reason;
      return {
        id: row.id,
        ConversationId: row.conversation_id,
        CreatedAt: new Date(Number(row.created_at)).toISOString(),
        Kinds: kinds,
        UserId: row.user_id,
        UserEmail: row.email ?? null,
        AppId: row.app_id,
        AppName: row.app_name ?? null,
        LanguageModelId: row.language_model_id === null ? null : Number(row.language_model_id),
        ModelName: row.model_name,
        MessageType: row.message_type,
        Reason: reason ?? null,
      };
    }),
  };
}
