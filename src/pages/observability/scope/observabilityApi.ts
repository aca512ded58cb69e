// REST calls of the observability screens (domain/schemas/metrics.ts heads the list): risk settings per organization,
// and the pickers' sources (organizations for a CUSTOMER_ADMIN, language models for the filter).
import { z } from 'zod';
import { API_BASE, getJson, httpClient } from '../../../../dataProvider';
import { CurrentUserSchema, LanguageModelSchema, OrganizationSchema, PromptDetailsSchema, RiskSettingsSchema } from '../../../../domain';
import type { CurrentUser, LanguageModel, Organization, PromptDetails, RiskSettings } from '../../../../domain';

const listQuery = (sortField: string) =>
  new URLSearchParams({ sort: JSON.stringify([sortField, 'ASC']), range: JSON.stringify([0, 999]), filter: '{}' }).toString();

/** organizationID travels only for a CUSTOMER_ADMIN; the server uses the caller's own organization otherwise. */
const organizationQuery = (organizationID: string | undefined) => (organizationID ? `?${new URLSearchParams({ organizationID }).toString()}` : '');

export function getRiskSettings(organizationID: string | undefined, signal?: AbortSignal): Promise<RiskSettings> {
  return getJson(`/observability/risk-settings${organizationQuery(organizationID)}`, RiskSettingsSchema, { signal });
}

export async function saveRiskSettings(organizationID: string | undefined, settings: RiskSettings): Promise<RiskSettings> {
  const { json } = await httpClient(`${API_BASE}/observability/risk-settings${organizationQuery(organizationID)}`, {
    method: 'PUT',
    body: JSON.stringify(settings),
  });
  return RiskSettingsSchema.parse(json);
}

export function listOrganizations(signal?: AbortSignal): Promise<Organization[]> {
  return getJson(`/organizations?${listQuery('Name')}`, z.array(OrganizationSchema), { signal });
}

export function listLanguageModels(signal?: AbortSignal): Promise<LanguageModel[]> {
  return getJson(`/language-models?${listQuery('Name')}`, z.array(LanguageModelSchema), { signal });
}

export function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  return getJson('/me', CurrentUserSchema, { signal });
}

export function getPromptDetails(pid: string, signal?: AbortSignal): Promise<PromptDetails> {
  return getJson(`/prompts/${encodeURIComponent(pid)}`, PromptDetailsSchema, { signal });
}
