import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { SystemSettings, SystemSettingsInputSchema } from '../../domain/schemas/settings';
import { recordAudit } from '../audit/audit.service';
import type { Principal } from '../auth/principal';
import type { Database } from '../db/schema';
import { forbidden } from '../http/errors';
import { OrganizationsRepository } from '../tenancy/organizations.repository';
import { MetaService } from './meta.service';
import { SettingsRepository } from './settings.repository';

/** An organization's System Settings: what /api/v1/meta answers its members. */
export class SettingsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly version: string,
    /** GATEWAY_RATE_LIMIT_RPM. */
    private readonly defaultRpm: number,
  ) {}

  async get(actor: Principal, db: Kysely<Database> = this.db): Promise<SystemSettings> {
    const organizationId = orgOf(actor);
    const meta = await new MetaService(new SettingsRepository(db), this.version).metaFor(organizationId);
    const limits = await new OrganizationsRepository(db).gatewayLimits(organizationId);
    const surface = await new OrganizationsRepository(db).gatewaySurface(organizationId);
    return {
      id: organizationId,
      Title: meta.Title,
      Icon: meta.Theme.Icon,
      Logo: meta.Theme.Logo,
      Favicon: meta.Theme.Favicon,
      ThemeColor: meta.Theme.ThemeColor,
      DefaultHomePageRoute: meta.DefaultHomePageRoute,
      DeploymentType: meta.DeploymentType,
      Features: meta.Features,
      RequestsPerMinute: limits.rpm,
      TokensPerMinute: limits.tpm,
      DefaultRequestsPerMinute: this.defaultRpm,
      GatewayImagesAllowed: surface.imagesAllowed,
      GatewayAllowedTools: surface.allowedTools,
    };
  }

  async update(actor: Principal, input: z.output<typeof SystemSettingsInputSchema>): Promise<SystemSettings> {
    const organizationId = orgOf(actor);
    return this.db.transaction().execute(async (trx) => {
      const before = await this.get(actor, trx);
      await new SettingsRepository(trx).upsert({
        scope: organizationId,
        title: input.Title,
        icon: input.Icon,
        logo: input.Logo,
        favicon: input.Favicon,
        theme_color: input.ThemeColor,
        features_json: JSON.stringify(input.Features),
        deployment_type: null,
        default_home_route: input.DefaultHomePageRoute,
        updated_at: Date.now(),
      });
      const limits = {
        ...(input.RequestsPerMinute !== undefined ? { rate_limit_rpm: input.RequestsPerMinute } : {}),
        ...(input.TokensPerMinute !== undefined ? { rate_limit_tpm: input.TokensPerMinute } : {}),
        ...(input.GatewayImagesAllowed !== undefined ? { gateway_images_allowed: input.GatewayImagesAllowed ? 1 : 0 } : {}),
        ...(input.GatewayAllowedTools !== undefined ? { gateway_allowed_tools: input.GatewayAllowedTools === null ? null : JSON.stringify([...new Set(input.GatewayAllowedTools)]) } : {}),
      };
      if (Object.keys(limits).length) await new OrganizationsRepository(trx).update(organizationId, limits);
      const after = await this.get(actor, trx);
      await recordAudit(trx, actor, { action: 'update', resource: 'settings', recordId: organizationId, summary: 'Updated System Settings', before: shrink(before), after: shrink(after) });
      return after;
    });
  }
}

function orgOf(actor: Principal): string {
  if (!actor.organizationId) throw forbidden();
  return actor.organizationId;
}

/** Uploaded images can be large data URLs; the audit keeps only whether they changed. */
function shrink(settings: SystemSettings): Record<string, unknown> {
  const image = (value: string | null) => (value && value.length > 200 ? `${value.slice(0, 40)}… (${value.length} characters)` : value);
  return { ...settings, Icon: image(settings.Icon), Logo: image(settings.Logo), Favicon: image(settings.Favicon) };
}
