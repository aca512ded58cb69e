// The organization's underwriting guidelines: listed for its members, edited by its ORG_ADMIN, the default set
// given once (on first use), evaluated by sections/guidelines.ts.
import type { Kysely } from 'kysely';
import type { Guideline, GuidelineInput, GuidelineRule } from '../../domain/schemas/research-search';
import { GuidelineInputSchema, GuidelineRuleSchema } from '../../domain/schemas/research-search';
import type { Principal } from '../auth/principal';
import type { Database } from '../db/schema';
import { newId } from '../db/ids';
import { notFound } from '../http/errors';
import { iso } from '../http/rest';
import type { GuidelineRow } from './searches.repository';
import { GuidelinesRepository } from './searches.repository';
import type { GuidelineDefinition } from './sections/guidelines';
import { DEFAULT_GUIDELINES } from './sections/guidelines';

export async function ensureDefaultGuidelines(db: Kysely<Database>, organizationId: string): Promise<void> {
  const at = Date.now();
  const rows: GuidelineRow[] = DEFAULT_GUIDELINES.map((guideline, index) => ({
    id: newId(),
    organization_id: organizationId,
    name: guideline.name,
    rule_json: JSON.stringify(guideline.rule),
    enabled: 1,
    created_at: at + index,
    updated_at: at + index,
  }));
  await new GuidelinesRepository(db).giveDefaultsOnce(organizationId, rows, at);
}

function ruleOf(row: GuidelineRow): GuidelineRule | null {
  try {
    const parsed = GuidelineRuleSchema.safeParse(JSON.parse(row.rule_json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function guidelineDefinitions(rows: readonly GuidelineRow[]): GuidelineDefinition[] {
  return rows.flatMap((row) => {
    const rule = ruleOf(row);
    return rule ? [{ id: row.id, name: row.name, rule }] : [];
  });
}

const toGuideline = (row: GuidelineRow): Guideline => ({ id: row.id, Name: row.name, Rule: ruleOf(row)!, Enabled: row.enabled === 1, UpdatedAt: iso(row.updated_at) });

export class GuidelinesService {
  constructor(private readonly db: Kysely<Database>) {}

  private org(actor: Principal): string {
    if (!actor.organizationId) throw notFound('The guideline');
    return actor.organizationId;
  }

  async list(actor: Principal): Promise<Guideline[]> {
    const organizationId = this.org(actor);
    await ensureDefaultGuidelines(this.db, organizationId);
    const rows = await new GuidelinesRepository(this.db).list(organizationId);
    return rows.filter((row) => ruleOf(row) !== null).map(toGuideline);
  }

  async create(actor: Principal, input: GuidelineInput): Promise<Guideline> {
    const organizationId = this.org(actor);
    await ensureDefaultGuidelines(this.db, organizationId);
    const value = GuidelineInputSchema.parse(input);
    const at = Date.now();
    const row: GuidelineRow = { id: newId(), organization_id: organizationId, name: value.Name, rule_json: JSON.stringify(value.Rule), enabled: value.Enabled ? 1 : 0, created_at: at, updated_at: at };
    await new GuidelinesRepository(this.db).insert(row);
    return toGuideline(row);
  }

  async update(actor: Principal, id: string, input: GuidelineInput): Promise<Guideline> {
    const organizationId = this.org(actor);
    const value = GuidelineInputSchema.parse(input);
    const repository = new GuidelinesRepository(this.db);
    const ok = await repository.update(organizationId, id, { name: value.Name, rule_json: JSON.stringify(value.Rule), enabled: value.Enabled ? 1 : 0, updated_at: Date.now() });
    const row = ok ? await repository.find(organizationId, id) : undefined;
    if (!row) throw notFound('The guideline');
    return toGuideline(row);
  }

  async delete(actor: Principal, id: string): Promise<Guideline> {
    const organizationId = this.org(actor);
    const repository = new GuidelinesRepository(this.db);
    const row = await repository.find(organizationId, id);
    if (!row || !(await repository.delete(organizationId, id))) throw notFound('The guideline');
    return toGuideline(row);
  }
}
