// Risk-factor settings saved per organization (§9 defaults until saved); every change audit-logged.
import type { Kysely } from 'kysely';
import { RISK_FACTORS } from '../../domain/risk';
import type { RiskSettings } from '../../domain/schemas/metrics';
import { DEFAULT_RISK_SETTINGS, RiskFactorSettingSchema } from '../../domain/schemas/metrics';
import { recordAudit } from '../audit/audit.service';
import type { Principal } from '../auth/principal';
import type { Database } from '../db/schema';

/** Saved settings over the defaults, factor by factor (a factor added later starts at its default). */
function withDefaults(saved: unknown): RiskSettings {
  const stored = saved && typeof saved === 'object' ? (saved as Record<string, unknown>) : {};
  const settings = {} as RiskSettings;
  for (const factor of RISK_FACTORS) {
    const parsed = RiskFactorSettingSchema.safeParse(stored[factor]);
    settings[factor] = parsed.success ? parsed.data : { ...DEFAULT_RISK_SETTINGS[factor] };
  }
  return settings;
}

/** As a list: the audit log drops keys that look like secrets, and "tokens" is a factor here, not a credential. */
const forAudit = (settings: RiskSettings): Record<string, unknown> => ({ Factors: RISK_FACTORS.map((factor) => ({ Factor: factor, ...settings[factor] })) });

export class RiskSettingsService {
  constructor(private readonly db: Kysely<Database>) {}

  async get(organizationId: string): Promise<RiskSettings> {
    const row = await this.db.selectFrom('risk_settings').select('settings_json').where('organization_id', '=', organizationId).executeTakeFirst();
    return withDefaults(row ? JSON.parse(row.settings_json) : null);
  }

  async save(actor: Principal, organizationId: string, input: RiskSettings): Promise<RiskSettings> {
    const settings = withDefaults(input);
    return this.db.transaction().execute(async (trx) => {
      const before = await new RiskSettingsService(trx).get(organizationId);
      const values = { settings_json: JSON.stringify(settings), updated_by: actor.userId, updated_at: Date.now() };
      await trx
        .insertInto('risk_settings')
        .values({ organization_id: organizationId, ...values })
        .onConflict((oc) => oc.column('organization_id').doUpdateSet(values))
        .execute();
      const customer = await trx.selectFrom('organizations').select('customer_id').where('id', '=', organizationId).executeTakeFirst();
      await recordAudit(trx, actor, {
        action: 'update',
        resource: 'risk-settings',
        recordId: organizationId,
        summary: 'Updated the risk-factor settings',
        before: forAudit(before),
        after: forAudit(settings),
        customerId: customer?.customer_id ?? actor.customerId,
        organizationId,
      });
      return settings;
    });
  }
}
