import { Chip, Stack } from '@mui/material';
import { CreateButton, DataTable, SearchInput, TopToolbar } from 'react-admin';
import { VERIFICATION_ACTION_LABELS, VERIFICATION_METRIC_LABELS } from '../../domain';
import type { Verifier } from '../../domain';
import { ConfirmDeleteButton } from '../../src/ui/actions/ConfirmDeleteButton';
import { EmptyListState } from '../../src/ui/lists/EmptyListState';
import { ListPage } from '../../src/ui/lists/ListPage';

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
    <ListPage
      title="Verification Sources"
      subtitle="Checks run on every answer — hallucination, toxicity, bias and more — and what happens when one fails."
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
        <Column source="Action" label="On failure" cellSx={() => ({ minWidth: 160, maxWidth: 220 })} render={(verifier) => VERIFICATION_ACTION_LABELS[verifier.Action]} />
        <Column
          source="Endpoint"
          label="Runs on"
          cellSx={() => ({ maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}
          render={(verifier) => (verifier.Endpoint ? `${verifier.Endpoint} (API ${verifier.ApiVersion})` : 'Built-in checks')}
        />
        <Column
          source="Enabled"
          render={(verifier) => <Chip size="small" variant="outlined" color={verifier.Enabled ? 'success' : 'default'} label={verifier.Enabled ? 'Enabled' : 'Disabled'} />}
        />
        <Column label="Actions" disableSort align="right">
          <ConfirmDeleteButton successMessage="Verification source deleted" />
        </Column>
      </DataTable>
    </ListPage>
  );
}
