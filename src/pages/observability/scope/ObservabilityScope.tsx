// What every observability screen shares: whose metrics (customer and organization), the time window, the
// language-model filter and the organization's risk settings. Kept above the sub-pages so that moving between them
// keeps the choices.
import { useQuery } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { readAuthStorage } from '../../../../authProvider/authStorage';
import { DEFAULT_DATE_RANGE, DEFAULT_RISK_SETTINGS, Role } from '../../../../domain';
import type { DateRange, LanguageModel, Organization, RiskSettings } from '../../../../domain';
import { getCurrentUser, getRiskSettings, listLanguageModels, listOrganizations } from './observabilityApi';
import { metricsWindow } from './metricsWindow';
import type { MetricsWindow } from './metricsWindow';

export interface Tenant {
  customerID: string;
  organizationID: string;
}

export interface ObservabilityScopeValue {
  isCustomerAdmin: boolean;
  /** undefined until known (a CUSTOMER_ADMIN's organizations load first). */
  tenant: Tenant | undefined;
  tenantError: string | undefined;
  organizations: Organization[];
  setOrganizationId: (id: string) => void;
  dateRange: DateRange;
  setDateRange: (range: DateRange) => void;
  window: MetricsWindow;
  /** Moves the window's end to now (new data since the page opened). */
  refresh: () => void;
  llmID: number | null;
  setLlmID: (id: number | null) => void;
  /** Count the red-teaming attacks in the figures and critical events too (left out by default). */
  includeRedTeam: boolean;
  setIncludeRedTeam: (include: boolean) => void;
  /** The organization's language models (empty for a CUSTOMER_ADMIN, who cannot list them). */
  languageModels: LanguageModel[];
  languageModelsLoaded: boolean;
  riskSettings: RiskSettings;
  /** Whether the saved settings loaded; otherwise the §9 defaults stand in. */
  riskSettingsState: 'LOADING' | 'OK' | 'ERROR';
}

const ObservabilityScopeContext = createContext<ObservabilityScopeValue | undefined>(undefined);

export function useObservabilityScope(): ObservabilityScopeValue {
  const value = useContext(ObservabilityScopeContext);
  if (!value) throw new Error('useObservabilityScope needs an <ObservabilityScopeProvider>');
  return value;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong.');

function useTenant(isCustomerAdmin: boolean) {
  const stored = readAuthStorage();
  const [chosenOrganization, setOrganizationId] = useState<string | undefined>();
  const needsMe = !stored?.CustomerId || (!isCustomerAdmin && !stored.OrganizationId);
  const me = useQuery({ queryKey: ['observability', 'me'], queryFn: ({ signal }) => getCurrentUser(signal), enabled: needsMe, retry: false });
  const organizations = useQuery({
    queryKey: ['observability', 'organizations'],
    queryFn: ({ signal }) => listOrganizations(signal),
    enabled: isCustomerAdmin,
    retry: false,
  });
  const customerID = stored?.CustomerId ?? me.data?.CustomerId ?? undefined;
  const organizationID = isCustomerAdmin
    ? (chosenOrganization ?? organizations.data?.[0]?.id)
    : (stored?.OrganizationId ?? me.data?.OrganizationId ?? undefined);
  const tenant = customerID && organizationID ? { customerID, organizationID } : undefined;
  let tenantError: string | undefined;
  if (me.error) tenantError = messageOf(me.error);
  else if (organizations.error) tenantError = messageOf(organizations.error);
  else if (isCustomerAdmin && organizations.data?.length === 0) tenantError = 'Your customer has no organizations yet.';
  else if (needsMe && me.data && !tenant) tenantError = 'Your account belongs to no organization.';
  return { tenant, tenantError, organizations: organizations.data ?? [], setOrganizationId };
}

export function ObservabilityScopeProvider({ children }: { children: ReactNode }) {
  const isCustomerAdmin = readAuthStorage()?.Role === Role.CUSTOMER_ADMIN;
  const { tenant, tenantError, organizations, setOrganizationId } = useTenant(isCustomerAdmin);
  const [dateRange, setDateRangeState] = useState<DateRange>(DEFAULT_DATE_RANGE);
  const [window, setWindow] = useState(() => metricsWindow(DEFAULT_DATE_RANGE));
  const [llmID, setLlmID] = useState<number | null>(null);
  const [includeRedTeam, setIncludeRedTeam] = useState(false);

  const setDateRange = useCallback((range: DateRange) => {
    setDateRangeState(range);
    setWindow(metricsWindow(range));
  }, []);
  const refresh = useCallback(() => setWindow(metricsWindow(dateRange)), [dateRange]);

  const languageModels = useQuery({
    queryKey: ['observability', 'language-models'],
    queryFn: ({ signal }) => listLanguageModels(signal),
    enabled: !isCustomerAdmin,
    retry: false,
  });
  const organizationParam = isCustomerAdmin ? tenant?.organizationID : undefined;
  const riskSettings = useQuery({
    queryKey: ['observability', 'risk-settings', tenant?.organizationID],
    queryFn: ({ signal }) => getRiskSettings(organizationParam, signal),
    enabled: tenant !== undefined,
    retry: false,
    gcTime: 0,
  });

  const value = useMemo<ObservabilityScopeValue>(
    () => ({
      isCustomerAdmin,
      tenant,
      tenantError,
      organizations,
      setOrganizationId,
      dateRange,
      setDateRange,
      window,
      refresh,
      llmID,
      setLlmID,
      includeRedTeam,
      setIncludeRedTeam,
      languageModels: languageModels.data ?? [],
      languageModelsLoaded: languageModels.isSuccess,
      riskSettings: riskSettings.data ?? DEFAULT_RISK_SETTINGS,
      riskSettingsState: riskSettings.isError ? 'ERROR' : riskSettings.isSuccess ? 'OK' : 'LOADING',
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- tenant is rebuilt each render; its ids are what matter
    [isCustomerAdmin, tenant?.customerID, tenant?.organizationID, tenantError, organizations, setOrganizationId, dateRange, setDateRange, window, refresh, llmID, includeRedTeam, languageModels.data, languageModels.isSuccess, riskSettings.data, riskSettings.isError, riskSettings.isSuccess],
  );
  return <ObservabilityScopeContext.Provider value={value}>{children}</ObservabilityScopeContext.Provider>;
}
