import { Alert, Box, Typography } from '@mui/material';
import { AutocompleteArrayInput, ReferenceArrayInput, useGetMany } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { DATA_ACCESS_RULE_TEXT } from '../../../../domain';
import type { DataAccessEntry, DataSource } from '../../../../domain';

/** Step 2: per chosen data source, the groups whose members may read it through the copilot (none: everyone). */
export function DataAccessStep() {
  const entries = (useWatch({ name: 'DataAccess' }) ?? []) as DataAccessEntry[];
  const { data: sources = [] } = useGetMany<DataSource>('admin/cdr', { ids: entries.map((entry) => entry.DataSourceId) });
  const nameOf = (id: string) => sources.find((source) => source.id === id)?.Name ?? id;
  return (
    <Box sx={{ width: '100%' }}>
      <Alert severity="info" sx={{ mb: 2 }}>
        {DATA_ACCESS_RULE_TEXT}
      </Alert>
      {entries.length === 0 && <Typography color="text.secondary">No data sources were chosen in step 1: there is nothing to restrict.</Typography>}
      {entries.map((entry, index) => (
        <Box key={entry.DataSourceId} sx={{ mb: 1 }}>
          <Typography variant="subtitle2" component="h3">
            {nameOf(entry.DataSourceId)}
          </Typography>
          <ReferenceArrayInput source={`DataAccess.${index}.GroupIds`} reference="admin/groups" sort={{ field: 'Name', order: 'ASC' }} perPage={100}>
            <AutocompleteArrayInput
              label={`Groups that may read ${nameOf(entry.DataSourceId)}`}
              optionText="Name"
              filterToQuery={(q) => ({ q })}
              helperText="Empty: every user of the copilot."
              fullWidth
            />
          </ReferenceArrayInput>
        </Box>
      ))}
    </Box>
  );
}
