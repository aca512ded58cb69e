import type { Kysely } from 'kysely';
import type { AuditEntry } from '../../domain/schemas/audit';
import type { Principal } from '../auth/principal';
import type { Database } from '../db/schema';
import { newId } from '../db/ids';
import type { AuditRow } from './audit.repository';
import { AuditRepository } from './audit.repository';

export interface AuditChange {
  action: 'create' | 'update' | 'delete' | 'revoke' | 'sync';
  resource: string;
  recordId: string | null;
  summary: string;
  /** Public representations only (the API's own DTOs), so no secret can land here. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  customerId?: string | null;
  organizationId?: string | null;
}

const SECRET_KEYS = /secret|password|token|hash|apikey|api_key|key$/i;

/** Every admin change, who/when/what with before and after; written in the same transaction as the change. */
export async function recordAudit(db: Kysely<Database>, actor: Principal, change: AuditChange): Promise<void> {
  await new AuditRepository(db).insert({
    id: newId(),
    at: Date.now(),
    actor_id: actor.userId,
    actor_email: actor.email,
    customer_id: change.customerId !== undefined ? change.customerId : actor.customerId,
    organization_id: change.organizationId !== undefined ? change.organizationId : actor.organizationId,
    action: change.action,
    resource: change.resource,
    record_id: change.recordId,
    summary: change.summary,
    before_json: change.before ? JSON.stringify(withoutSecrets(change.before)) : null,
    after_json: change.after ? JSON.stringify(withoutSecrets(change.after)) : null,
  });
}

/** Belt and braces: drop any key that looks like a secret, at any depth. */
export function withoutSecrets(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !SECRET_KEYS.test(key) || key === 'ClientSecretSet' || key === 'ApiKeySet' || key === 'MaskedSecret')
      .map(([key, inner]) => [key, inner && typeof inner === 'object' && !Array.isArray(inner) ? withoutSecrets(inner as Record<string, unknown>) : inner]),
  );
}

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    At: new Date(row.at).toISOString(),
    ActorId: row.actor_id,
    ActorEmail: row.actor_email,
    Action: row.action,
    Resource: row.resource,
    RecordId: row.record_id,
    Summary: row.summary,
    Before: row.before_json ? (JSON.parse(row.before_json) as Record<string, unknown>) : null,
    After: row.after_json ? (JSON.parse(row.after_json) as Record<string, unknown>) : null,
    CustomerId: row.customer_id,
    OrganizationId: row.organization_id,
  };
}
