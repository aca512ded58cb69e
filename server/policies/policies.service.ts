import type { Kysely } from 'kysely';
import { Role } from '../../domain/enums';
import type { PolicyType } from '../../domain/enums';
import { policyApplies } from '../../domain/schemas/policies';
import type { Policy, PolicyInputParsed, PolicyRule } from '../../domain/schemas/policies';
import { recordAudit } from '../audit/audit.service';
import type { Principal } from '../auth/principal';
import type { Database } from '../db/schema';
import { newId } from '../db/ids';
import { orgOf } from '../directory/users.service';
import { badRequest, conflict, notFound } from '../http/errors';
import { iso } from '../http/rest';
import type { PolicyListQuery, PolicyRow, PolicyTargetIds } from './policies.repository';
import { PoliciesRepository } from './policies.repository';
import { PolicyAudienceRepository } from './policy-audience.repository';

export function toPolicy(row: PolicyRow, targets: PolicyTargetIds): Policy {
  const allTargets = row.all_targets === 1;
  return {
    id: row.id,
    Name: row.name,
    Description: row.description,
    Type: row.type as PolicyType,
    Enabled: row.enabled === 1,
    Priority: Number(row.priority),
    Targets: {
      GroupIds: allTargets ? [] : targets.groupIds,
      LanguageModelIds: allTargets ? [] : targets.languageModelIds,
      AllTargets: allTargets,
    },
    Rules: JSON.parse(row.rules_json) as PolicyRule[],
    CreatedAt: iso(Number(row.created_at)),
    UpdatedAt: iso(Number(row.updated_at)),
  };
}

/** Policies of one organization: its admin manages them; a USER reads the enabled ones that apply to them. */
export class PoliciesService {
  constructor(private readonly db: Kysely<Database>) {}

  async list(actor: Principal, query: Omit<PolicyListQuery, 'organizationId'>) {
    const organizationId = orgOf(actor);
    let ids = query.ids;
    if (actor.role === Role.USER) {
      const visible = await this.visibleTo(actor);
      ids = ids ? ids.filter((id) => visible.has(id)) : [...visible];
    }
    const repository = new PoliciesRepository(this.db);
    const page = await repository.list({ ...query, ids, organizationId });
    const targets = await repository.targetsOf(page.rows.map((row) => row.id));
    return { rows: page.rows.map((row) => toPolicy(row, targets.get(row.id)!)), total: page.total };
  }

  async get(actor: Principal, id: string, db: Kysely<Database> = this.db): Promise<Policy> {
    const repository = new PoliciesRepository(db);
    const row = await repository.findInOrganization(id, orgOf(actor));
    if (!row || (actor.role === Role.USER && !(await this.visibleTo(actor)).has(id))) throw notFound('The policy');
    return toPolicy(row, (await repository.targetsOf([id])).get(id)!);
  }

  async create(actor: Principal, input: PolicyInputParsed): Promise<Policy> {
    const organizationId = orgOf(actor);
    const id = newId();
    const at = Date.now();
    return this.db.transaction().execute(async (trx) => {
      await this.assertValid(trx, organizationId, input, null);
      const repository = new PoliciesRepository(trx);
      await repository.insert({ id, organization_id: organizationId, ...columnsOf(input), created_at: at, updated_at: at });
      await repository.setTargets(id, targetIdsOf(input));
      const policy = await this.get(actor, id, trx);
      await recordAudit(trx, actor, { action: 'create', resource: 'policies', recordId: id, summary: `Created policy ${policy.Name}`, after: policy });
      return policy;
    });
  }

  async update(actor: Principal, id: string, input: PolicyInputParsed): Promise<Policy> {
    const organizationId = orgOf(actor);
    return this.db.transaction().execute(async (trx) => {
      const before = await this.get(actor, id, trx);
      await this.assertValid(trx, organizationId, input, id);
      const repository = new PoliciesRepository(trx);
      await repository.update(id, { ...columnsOf(input), updated_at: Date.now() });
      await repository.setTargets(id, targetIdsOf(input));
      const after = await this.get(actor, id, trx);
      await recordAudit(trx, actor, { action: 'update', resource: 'policies', recordId: id, summary: `Updated policy ${after.Name}`, before, after });
      return after;
    });
  }

  async delete(actor: Principal, id: string): Promise<Policy> {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.get(actor, id, trx);
      await new PoliciesRepository(trx).delete(id);
      await recordAudit(trx, actor, { action: 'delete', resource: 'policies', recordId: id, summary: `Deleted policy ${before.Name}`, before });
      return before;
    });
  }

  /**
   * The enabled policies that apply to a prompt of this user to this model, lowest priority number first:
   * what the pipeline hands to the engine.
   */
  async applicableFor(organizationId: string, groupIds: string[], languageModelId: number | null): Promise<Policy[]> {
    const policies = await this.enabledPolicies(organizationId);
    return policies.filter((policy) => policyApplies(policy, { groupIds, languageModelId }));
  }

  async enabledPolicies(organizationId: string, db: Kysely<Database> = this.db): Promise<Policy[]> {
    const repository = new PoliciesRepository(db);
    const rows = await repository.enabledInOrganization(organizationId);
    const targets = await repository.targetsOf(rows.map((row) => row.id));
    return rows.map((row) => toPolicy(row, targets.get(row.id)!));
  }

  /** A USER sees the enabled policies that apply to them: Global, their groups', and the models' they may use. */
  private async visibleTo(actor: Principal): Promise<Set<string>> {
    const organizationId = orgOf(actor);
    const audience = new PolicyAudienceRepository(this.db);
    const groupIds = await audience.groupIdsOfUser(actor.userId);
    const modelIds = await audience.modelIdsUsableBy(organizationId, groupIds);
    const policies = await this.enabledPolicies(organizationId);
    const applies = (policy: Policy) =>
      policy.Type === 'Language Model Policy'
        ? modelIds.some((languageModelId) => policyApplies(policy, { groupIds, languageModelId }))
        : policyApplies(policy, { groupIds, languageModelId: null });
    return new Set(policies.filter(applies).map((policy) => policy.id));
  }

  private async assertValid(db: Kysely<Database>, organizationId: string, input: PolicyInputParsed, exceptId: string | null): Promise<void> {
    if (await new PoliciesRepository(db).nameTaken(organizationId, input.Name, exceptId)) {
      throw conflict('A policy with this name already exists.', { Name: 'A policy with this name already exists' });
    }
    const audience = new PolicyAudienceRepository(db);
    const { GroupIds: groupIds, LanguageModelIds: modelIds } = input.Targets;
    if ((await audience.existingGroups(organizationId, groupIds)).size !== groupIds.length) {
      throw badRequest('Some fields are not valid.', { 'Targets.GroupIds': 'Choose groups of your organization' });
    }
    if ((await audience.existingModels(organizationId, modelIds)).size !== modelIds.length) {
      throw badRequest('Some fields are not valid.', { 'Targets.LanguageModelIds': 'Choose language models of your organization' });
    }
  }
}

function columnsOf(input: PolicyInputParsed) {
  const rules: PolicyRule[] = input.Rules.map((rule) => ({ ...rule, id: rule.id ?? newId() }) as PolicyRule);
  return {
    name: input.Name,
    description: input.Description,
    type: input.Type,
    enabled: input.Enabled ? 1 : 0,
    priority: input.Priority,
    all_targets: input.Targets.AllTargets ? 1 : 0,
    rules_json: JSON.stringify(rules),
  };
}

const targetIdsOf = (input: PolicyInputParsed): PolicyTargetIds => ({ groupIds: input.Targets.GroupIds, languageModelIds: input.Targets.LanguageModelIds });
