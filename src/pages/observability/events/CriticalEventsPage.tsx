import { Box, Chip, Link, Stack } from '@mui/material';
import { format } from 'date-fns';
import simpleRestProvider from 'ra-data-simple-rest';
import { useMemo } from 'react';
import { AutocompleteInput, BooleanInput, DataProviderContext, DataTable, DateInput, List, ReferenceInput, SearchInput, SelectInput, TextInput, useDataProvider } from 'react-admin';
import type { DataProvider } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { API_BASE, httpClient, withApiResourceNames } from '../../../../dataProvider';
import { CRITICAL_EVENT_KIND_LABELS, CRITICAL_EVENT_KINDS, promptLifecyclePath } from '../../../../domain';
import type { CriticalEvent } from '../../../../domain';
import { downloadCsv, toCsv } from '../../../ui/csv';
import { EmptyListState } from '../../../ui/lists/EmptyListState';
import { PageHeading } from '../../../ui/lists/PageHeading';
import { OrganizationPicker } from '../scope/FiltersBar';
import { useObservabilityScope } from '../scope/ObservabilityScope';
import { CRITICAL_EVENT_COLUMNS } from './criticalEventsCsv';

export const CRITICAL_EVENTS_RESOURCE = 'admin/observability/critical-events';

/** A date input's "2026-03-05" as the start of that day in the browser's time zone, ISO. */
const dayStart = (value: string) => (value ? new Date(`${value}T00:00:00`).toISOString() : value);
/** "To" includes the whole chosen day: the server's bound is exclusive, so send the next midnight. */
const dayEnd = (value: string) => {
  if (!value) return value;
  const next = new Date(`${value}T00:00:00`);
  next.setDate(next.getDate() + 1);
  return next.toISOString();
};
const asDay = (value: unknown) => (typeof value === 'string' && value ? format(new Date(value), 'yyyy-MM-dd') : '');
const asLastDay = (value: unknown) => {
  if (typeof value !== 'string' || !value) return '';
  const day = new Date(value);
  day.setDate(day.getDate() - 1);
  return format(day, 'yyyy-MM-dd');
};

/** An ORG_ADMIN picks the user from the organization's users; a CUSTOMER_ADMIN (who cannot list them) types the id. */
const filtersFor = (canListUsers: boolean) => [
  // The placeholder stays short enough to show whole; the label-less search covers reason, user, app and model.
  <SearchInput key="q" source="q" alwaysOn placeholder="Search events" title="Search reason, user, app or model" sx={{ width: 200 }} />,
  <SelectInput key="Kind" source="Kind" label="Kind" alwaysOn emptyText="All kinds" sx={{ minWidth: 140 }} choices={CRITICAL_EVENT_KINDS.map((kind) => ({ id: kind, name: CRITICAL_EVENT_KIND_LABELS[kind] }))} />,
  canListUsers ? (
    <ReferenceInput key="UserId" source="UserId" reference="admin/users" sort={{ field: 'Email', order: 'ASC' }} alwaysOn>
      <AutocompleteInput label="User" optionText="Email" filterToQuery={(search) => ({ q: search })} sx={{ width: 230 }} />
    </ReferenceInput>
  ) : (
    <TextInput key="UserId" source="UserId" label="User id" />
  ),
  <DateInput key="From" source="From" label="From" alwaysOn parse={dayStart} format={asDay} />,
  <DateInput key="To" source="To" label="To" alwaysOn parse={dayEnd} format={asLastDay} />,
  // Red-teaming attacks are left out unless asked for.
  <BooleanInput key="IncludeRedTeam" source="IncludeRedTeam" label="Include red-team prompts" alwaysOn />,
];

const exporter = (records: CriticalEvent[]) => downloadCsv('critical-events.csv', toCsv(CRITICAL_EVENT_COLUMNS, records));

/** A CUSTOMER_ADMIN names the organization in the query string; others are scoped to their own by the server. */
function useOrganizationDataProvider(): DataProvider {
  const base = useDataProvider();
  const { isCustomerAdmin, tenant } = useObservabilityScope();
  const organizationID = isCustomerAdmin ? tenant?.organizationID : undefined;
  return useMemo(() => {
    if (!organizationID) return base;
    const withOrganization: typeof httpClient = (url, options) => {
      const target = new URL(url, window.location.origin);
      target.searchParams.set('organizationID', organizationID);
      return httpClient(`${target.pathname}${target.search}`, options);
    };
    return withApiResourceNames(simpleRestProvider(API_BASE, withOrganization));
  }, [base, organizationID]);
}

/** /admin/observability/critical-events: blocked, malicious and failed prompts, newest first. */
export function CriticalEventsPage() {
  const dataProvider = useOrganizationDataProvider();
  const { isCustomerAdmin, tenant, languageModels } = useObservabilityScope();
  // A blocked prompt never reached the model, so it carries the chosen model's id but no model name.
  const modelOf = (event: CriticalEvent) => event.ModelName ?? languageModels.find((model) => model.id === event.LanguageModelId)?.Name ?? '—';
  return (
    <Box>
      <PageHeading title="Critical Events" subtitle="Prompts that were blocked, found malicious or failed, newest first. Open one to see its whole lifecycle." />
      {isCustomerAdmin && (
        <Box sx={{ my: 2 }}>
          <OrganizationPicker />
        </Box>
      )}
      {isCustomerAdmin && !tenant ? null : (
        <DataProviderContext.Provider value={dataProvider}>
          <List<CriticalEvent>
            key={tenant?.organizationID}
            resource={CRITICAL_EVENTS_RESOURCE}
            title="Critical Events"
            sort={{ field: 'CreatedAt', order: 'DESC' }}
            filters={filtersFor(!isCustomerAdmin)}
            exporter={exporter}
            empty={<EmptyListState title="No critical events" text="Blocked, malicious and failed prompts will be listed here." />}
          >
            <DataTable<CriticalEvent> rowClick={false} bulkActionButtons={false}>
              <DataTable.Col<CriticalEvent> source="CreatedAt" label="Time" cellSx={() => ({ whiteSpace: 'nowrap' })} render={(event) => format(new Date(event.CreatedAt), 'MMM d, yyyy HH:mm')} />
              <DataTable.Col<CriticalEvent>
                source="Kinds"
                label="Kind"
                disableSort
                render={(event) => (
                  <Stack direction="row" spacing={0.5}>
                    {event.Kinds.map((kind) => (
                      <Chip key={kind} size="small" color={kind === 'failed' ? 'default' : 'error'} label={CRITICAL_EVENT_KIND_LABELS[kind]} />
                    ))}
                  </Stack>
                )}
              />
              <DataTable.Col<CriticalEvent>
                source="UserEmail"
                label="User"
                // An email is one word: it shows whole (cut with an ellipsis past 240 px), never broken mid-word.
                cellSx={() => ({ whiteSpace: 'nowrap', maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis' })}
                render={(event) => event.UserEmail ?? event.UserId ?? '—'} />
              <DataTable.Col<CriticalEvent> source="AppName" label="App" disableSort render={(event) => event.AppName ?? 'Chat'} />
              <DataTable.Col<CriticalEvent> source="ModelName" label="Model" disableSort render={modelOf} />
              <DataTable.Col<CriticalEvent> source="Reason" label="Reason" disableSort render={(event) => event.Reason ?? '—'} />
              <DataTable.Col<CriticalEvent>
                label="Lifecycle"
                disableSort
                render={(event) => (
                  <Link component={RouterLink} to={promptLifecyclePath(event.id, event.ConversationId)} aria-label={`Lifecycle of prompt ${event.id}`}>
                    Lifecycle
                  </Link>
                )}
              />
            </DataTable>
          </List>
        </DataProviderContext.Provider>
      )}
    </Box>
  );
}
