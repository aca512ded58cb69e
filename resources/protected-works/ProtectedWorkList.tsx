import { Chip } from '@mui/material';
import { CreateButton, DataTable, DateField, SearchInput, TopToolbar } from 'react-admin';
import type { ProtectedWork } from '../../domain';
import { ConfirmDeleteButton } from '../../src/ui/actions/ConfirmDeleteButton';
import { EmptyListState } from '../../src/ui/lists/EmptyListState';
import { ListPage } from '../../src/ui/lists/ListPage';
import { CopyrightFiguresCard } from './CopyrightFiguresCard';
import { CopyrightSettingsCard } from './CopyrightSettingsCard';
import { formatCount, statusColor, statusLabel } from './workFormat';

const Column = DataTable.Col<ProtectedWork>;
const noWrap = () => ({ whiteSpace: 'nowrap' });
const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search protected works" />];

const ListActions = () => (
  <TopToolbar>
    <CreateButton label="New protected work" />
  </TopToolbar>
);

/** /admin/protected-works (ORG_ADMIN): the documents answers are checked against, and what a match does. */
export function ProtectedWorkList() {
  return (
    <ListPage
      title="Protected Works"
      subtitle="Contracts, manuals, books and source code that answers must not reproduce. Every answer is checked against them."
      beforeList={
        <>
          <CopyrightSettingsCard />
          <CopyrightFiguresCard />
        </>
      }
      sort={{ field: 'Name', order: 'ASC' }}
      filters={filters}
      actions={<ListActions />}
      exporter={false}
      empty={<EmptyListState title="No protected works yet" text="Register a document or paste its text: answers that reproduce it are matched." createLabel="New protected work" />}
    >
      <DataTable<ProtectedWork> rowClick="show" bulkActionButtons={false}>
        <Column source="Name" cellSx={() => ({ fontWeight: 500, minWidth: 160 })} />
        <Column source="Status" label="Indexing" cellSx={noWrap} render={(work) => <Chip size="small" color={statusColor(work.Status)} variant="outlined" label={statusLabel(work.Status)} />} />
        <Column source="Characters" align="right" cellSx={noWrap} render={(work) => formatCount(work.Characters)} />
        <Column source="Fingerprints" align="right" cellSx={noWrap} render={(work) => formatCount(work.Fingerprints)} />
        <Column source="MatchCount" label="Matches" align="right" disableSort cellSx={noWrap} render={(work) => formatCount(work.MatchCount)} />
        <Column source="CreatedAt" label="Registered">
          <DateField source="CreatedAt" showTime />
        </Column>
        <Column label="Actions" disableSort align="right">
          <ConfirmDeleteButton successMessage="Protected work deleted" />
        </Column>
      </DataTable>
      </ListPage>
  );
}
