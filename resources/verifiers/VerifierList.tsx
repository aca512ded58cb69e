import { Box, Chip, Stack } from '@mui/material';
import { CreateButton, DataTable, List, SearchInput, TopToolbar } from 'react-admin';
import { VERIFICATION_ACTION_LABELS, VERIFICATION_METRIC_LABELS } from '../../domain';
import type { Verifier } from '../../domain';
import { ConfirmDeleteButton } from '../../src/ui/actions/ConfirmDeleteButton';
import { EmptyListState } from '../../src/ui/lists/EmptyListState';
import { PageHeading } from '../../src/ui/lists/PageHeading';

const Column = DataTable.Col<Verifier>;

const noWrap = () => ({ whiteSpace: 'nowrap' });

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search verification sources" />];

const ListActions = () => (
  <TopToolbar>
    <CreateButton label="New verification source" />
  </TopToolbar>
);

function MetricChips({ verifier }: { verifier: Verifier }) {
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {verifier.MetricTypes.map((metric) => (
        <Chip key={metric} size="small" label={VERIFICATION_METRIC_LABELS[metric]} />
      ))}
    </Stack>
  );
}

/** /admin/verifier (ORG_ADMIN): which checks run on every answer, how strictly, and what a failure does. */
export function VerifierList() {
  return (
    <Box>
      <PageHeading title="Verification Sources" subtitle="Checks run on every answer — hallucination, toxicity, bias and more — and what happens when one fails." />
      <List
        title="Verification Sources"
        sort={{ field: 'Name', order: 'ASC' }}
        filters={filters}
        actions={<ListActions />}
        exporter={false}
        empty={
          <EmptyListState
            title="No verification sources yet"
            text="Add one to score answers for hallucination, toxicity, bias and more. The built-in checks work offline; an external service is optional."
            createLabel="New verification source"
          />
        }
      >
        <DataTable<Verifier> rowClick="edit" bulkActionButtons={false}>
          <Column source="Name" cellSx={() => ({ fontWeight: 500, minWidth: 140 })} />
          <Column source="MetricTypes" label="Metric types" disableSort cellSx={() => ({ minWidth: 260 })} render={(verifier) => <MetricChips verifier={verifier} />} />
          <Column source="Intensity" cellSx={noWrap} />
          <Column source="Threshold" align="right" cellSx={noWrap} />
          <Column source="Action" label="On failure" cellSx={noWrap} render={(verifier) => VERIFICATION_ACTION_LABELS[verifier.Action]} />
          <Column source="ApiVersion" label="API version" cellSx={noWrap} />
          <Column source="Endpoint" label="Runs on" cellSx={() => ({ whiteSpace: 'nowrap', maxWidth: 280, overflow: 'hidden', textOverflow: 'ellipsis' })} render={(verifier) => verifier.Endpoint ?? 'Built-in checks'} />
          <Column
            source="Enabled"
            render={(verifier) => <Chip size="small" variant="outlined" color={verifier.Enabled ? 'success' : 'default'} label={verifier.Enabled ? 'Enabled' : 'Disabled'} />}
          />
          <Column label="Actions" disableSort align="right">
            <ConfirmDeleteButton successMessage="Verification source deleted" />
          </Column>
        </DataTable>
      </List>
    </Box>
  );
}
