// resolveIDs: names of the organization's users, copilots and policies; ids that do not resolve there are "bad"
// (deleted, or never of this organization — the caller cannot tell which, by design).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

const MAX_IDS = 500;

const unique = (ids: readonly string[] | null | undefined): string[] => [...new Set((ids ?? []).filter((id) => id.length > 0 && id.length <= 64))].slice(0, MAX_IDS);

export interface ResolveInput {
  organizationId: string;
  userIds?: readonly string[] | null;
  copilotIds?: readonly string[] | null;
  policyIds?: readonly string[] | null;
}

export async function resolveIds(db: Kysely<Database>, input: ResolveInput) {
  const userIds = unique(input.userIds);
  const copilotIds = unique(input.copilotIds);
  const policyIds = unique(input.policyIds);
  const [users, copilots, policies] = await Promise.all([
    userIds.length
      ? db.selectFrom('users').select(['id', 'email', 'first_name', 'last_name']).where('organization_id', '=', input.organizationId).where('id', 'in', userIds).execute()
      : [],
    copilotIds.length ? db.selectFrom('apps').select(['id', 'name', 'description']).where('organization_id', '=', input.organizationId).where('id', 'in', copilotIds).execute() : [],
    policyIds.length ? db.selectFrom('policies').select(['id', 'name', 'description']).where('organization_id', '=', input.organizationId).where('id', 'in', policyIds).execute() : [],
  ]);
  const found = (rows: { id: string }[]) => new Set(rows.map((row) => row.id));
  const named = (rows: { id: string; name: string; description: string | null }[]) => rows.map((row) => ({ id: row.id, name: row.name, description: row.description ?? '' }));
  return {
    users: users.map((row) => ({
      id: row.id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      fullName: `${row.first_name} ${row.last_name}`.trim() || row.email,
    })),
    copilots: named(copilots),
    policies: named(policies),
    badUserIDs: userIds.filter((id) => !found(users).has(id)),
    badCopilotIDs: copilotIds.filter((id) => !found(copilots).has(id)),
    badPolicyIDs: policyIds.filter((id) => !found(policies).has(id)),
  };
}
