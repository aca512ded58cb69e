import { Box } from '@mui/material';
import { CreateButton, DataTable, SearchInput, TopToolbar } from 'react-admin';
import { DATA_SOURCE_APP_LABELS } from '../../domain';
import type { DataSource } from '../../domain';
import { ConfirmDeleteButton } from '../../src/ui/actions/ConfirmDeleteButton';
import { EmptyListState } from '../../src/ui/lists/EmptyListState';
import { ListPage } from '../../src/ui/lists/ListPage';
import { LastSyncChip } from './LastSyncChip';
import { SyncButton } from './SyncButton';

const Column = DataTable.Col<DataSource>;

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search data sources" />];

const ListActions = () => (
  <TopToolbar>
    <CreateButton label="New data source" />
  </TopToolbar>
);

/** /admin/cdr (ORG_ADMIN): where retrieval reads from, how much is indexed, and how the last sync went. */
export function DataSourceList() {
  return (
    <ListPage
      title="Corporate Data Sources"
      subtitle="The documents chat may retrieve from: uploaded files, or connected services, indexed for retrieval."
      sort={{ field: 'Name', order: 'ASC' }}
      filters={filters}
      actions={<ListActions />}
      exporter={false}
      empty={
        <EmptyListState
          title="No data sources yet"
          text="Start with uploaded files: they are indexed in the console's own database and work offline. Connectors to other services can be added too."
          createLabel="New data source"
        />
      }
    >
      <DataTable<DataSource> rowClick="edit" bulkActionButtons={false}>
        <Column source="Name" cellSx={() => ({ fontWeight: 500 })} />
        <Column source="AppId" label="App" render={(source) => DATA_SOURCE_APP_LABELS[source.AppId]} />
        <Column source="DocumentCount" label="Documents" align="right" />
        <Column source="ChunkCount" label="Chunks" align="right" />
        <Column source="LastSyncStatus" label="Last sync" render={(source) => <LastSyncChip source={source} />} />
        <Column label="Actions" disableSort align="right">
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
            <SyncButton />
            <ConfirmDeleteButton successMessage="Data source deleted" />
          </Box>
        </Column>
      </DataTable>
    </ListPage>
  );
}
