import { ChipField, CreateButton, DataTable, ReferenceArrayField, SearchInput, SelectInput, SingleFieldList, TopToolbar } from 'react-admin';
import type { App } from '../../../domain';
import { ConfirmDeleteButton } from '../../ui/actions/ConfirmDeleteButton';
import { EmptyListState } from '../../ui/lists/EmptyListState';
import { ListPage } from '../../ui/lists/ListPage';
import { formatDateTime, stepProgress } from './copilotFormat';
import { copilotPath } from './copilotPaths';
import { CopilotStatusChip } from './CopilotStatusChip';

const Column = DataTable.Col<App>;

const STATUS_CHOICES = [
  { id: 'draft', name: 'Draft' },
  { id: 'active', name: 'Active' },
  { id: 'disabled', name: 'Disabled' },
];

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search copilots" />,
  <SelectInput key="Status" source="Status" label="Status" choices={STATUS_CHOICES} alwaysOn emptyText="Any status" />,
];

const ListActions = () => (
  <TopToolbar>
    <CreateButton label="New copilot" />
  </TopToolbar>
);

/** /admin/apps (ORG_ADMIN): the organization's copilots, their status and set-up progress. */
export function CopilotList() {
  return (
    <ListPage
      resource="admin/apps"
      title="Apps"
      subtitle="Copilots: apps that answer from your data sources with the models and policies you choose, each set up in 7 steps and called with its API token."
      sort={{ field: 'UpdatedAt', order: 'DESC' }}
      filters={filters}
      actions={<ListActions />}
      exporter={false}
      empty={<EmptyListState title="No copilots yet" text="A copilot answers from your data sources; applications call it with its API token." createLabel="New copilot" />}
    >
      <DataTable<App> rowClick={(id) => copilotPath(String(id))} bulkActionButtons={false}>
        <Column source="Name" cellSx={() => ({ fontWeight: 500 })} />
        <Column source="Status" render={(app) => <CopilotStatusChip status={app.Status} />} />
        <Column source="CompletedStep" label="Set-up" render={(app) => stepProgress(app.CompletedStep)} />
        <Column label="Models" disableSort>
          <ReferenceArrayField source="LanguageModelIds" reference="admin/language-models" empty={<>—</>}>
            <SingleFieldList linkType={false}>
              <ChipField source="Name" size="small" />
            </SingleFieldList>
          </ReferenceArrayField>
        </Column>
        <Column source="UpdatedAt" label="Updated" render={(app) => formatDateTime(app.UpdatedAt)} />
        <Column label="Actions" disableSort align="right">
          <ConfirmDeleteButton successMessage="Copilot deleted" />
        </Column>
      </DataTable>
    </ListPage>
  );
}
