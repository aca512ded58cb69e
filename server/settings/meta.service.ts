import type { AppMeta, Features } from '../../domain/schemas/meta';
import { DEFAULT_META, FeaturesSchema } from '../../domain/schemas/meta';
import { DEPLOYMENT_TYPES } from '../../domain/enums';
import type { SettingsRepository, SettingsRow } from './settings.repository';
import { GLOBAL_SCOPE } from './settings.repository';

/** Branding and features: spec defaults, overlaid by the deployment's settings, then the organization's. */
export class MetaService {
  constructor(
    private readonly settings: SettingsRepository,
    private readonly version: string,
  ) {}

  async metaFor(organizationId: string | null): Promise<AppMeta> {
    const rows = await this.settings.findScopes(organizationId);
    const ordered = [rows.find((row) => row.scope === GLOBAL_SCOPE), rows.find((row) => row.scope !== GLOBAL_SCOPE)];
    return ordered.reduce<AppMeta>((meta, row) => (row ? overlay(meta, row) : meta), { ...DEFAULT_META, Version: this.version });
  }
}

function overlay(meta: AppMeta, row: SettingsRow): AppMeta {
  const deployment = DEPLOYMENT_TYPES.find((type) => type === row.deployment_type);
  return {
    ...meta,
    Title: row.title ?? meta.Title,
    Theme: {
      Icon: row.icon ?? meta.Theme.Icon,
      Logo: row.logo ?? meta.Theme.Logo,
      Favicon: row.favicon ?? meta.Theme.Favicon,
      ThemeColor: row.theme_color ?? meta.Theme.ThemeColor,
    },
    Features: { ...meta.Features, ...parseFeatures(row.features_json) },
    DeploymentType: deployment ?? meta.DeploymentType,
    DefaultHomePageRoute: row.default_home_route ?? meta.DefaultHomePageRoute,
  };
}

function parseFeatures(json: string | null): Partial<Features> {
  if (!json) return {};
  try {
    const parsed = FeaturesSchema.partial().safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}
