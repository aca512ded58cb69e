import { SettingsRepository } from '../../server/settings/settings.repository';
import type { TestApp } from './build';

/** Sets an organization's feature flags (System Settings' Features) straight in the database. */
export async function setFeatureFlags(t: TestApp, organizationId: string, features: Record<string, boolean>): Promise<void> {
  await new SettingsRepository(t.db.kysely).upsert({
    scope: organizationId,
    title: null,
    icon: null,
    logo: null,
    favicon: null,
    theme_color: null,
    deployment_type: null,
    default_home_route: null,
    features_json: JSON.stringify(features),
    updated_at: Date.now(),
  });
}
