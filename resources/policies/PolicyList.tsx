import { CreateButton, DataTable, SearchInput, SelectInput, TopToolbar } from 'react-admin';
import type { Policy } from '../../domain';
import { ConfirmDeleteButton } from '../../src/ui/actions/ConfirmDeleteButton';
import { parseBooleanChoice } from '../../src/ui/inputs/choiceParsers';
import { EmptyListState } from '../../src/ui/lists/EmptyListState';
import { ListPage } from '../../src/ui/lists/ListPage';
import { AuditLogButton } from '../audit-log';
import { ENABLED_CHOICES, POLICY_TYPE_CHOICES } from './policyChoices';
import { PolicyEnabledChip } from './PolicyEnabledChip';
import { PolicyTargetsField } from './PolicyTargetsField';
import { PolicyTypeChip } from './PolicyTypeChip';

const Column = DataTable.Col<Policy>;

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search policies" />,
  <SelectInput key="Type" source="Type" label="Type" choices={POLICY_TYPE_CHOICES} alwaysOn emptyText="Any type" />,
  <SelectInput key="Enabled" source="Enabled" label="Status" choices={ENABLED_CHOICES} parse={parseBooleanChoice} alwaysOn emptyText="Any status" />,
];

const ListActions = () => (
  <TopToolbar>
    <AuditLogButton resource="policies" />
    <CreateButton label="New policy" />
  </TopToolbar>
);

/** /admin/policies (ORG_ADMIN): what happens to prompts, per scope, in priority order. */
export function PolicyList() {
  return (
    <ListPage
      title="Policies"
      subtitle="Rules that block, redact, anonymize, flag or allow what prompts contain, for everyone, groups or language models."
      sort={{ field: 'Priority', order: 'ASC' }}
      filters={filters}
      actions={<ListActions />}
      exporter={false}
      empty={<EmptyListState title="No policies yet" text="Without policies, prompts reach the language models unchanged." createLabel="New policy" />}
    >
      <DataTable<Policy> rowClick="edit" bulkActionButtons={false}>
        <Column source="Name" cellSx={() => ({ fontWeight: 500 })} />
        <Column source="Type" render={(policy) => <PolicyTypeChip type={policy.Type} />} />
        <Column label="Targets" disableSort>
          <PolicyTargetsField />
        </Column>
        <Column label="Rules" disableSort align="right" render={(policy) => policy.Rules.length} />
        <Column source="Enabled" label="Status" render={(policy) => <PolicyEnabledChip enabled={policy.Enabled} />} />
        <Column source="Priority" align="right" />
        <Column label="Actions" disableSort align="right">
          <ConfirmDeleteButton successMessage="Policy deleted" />
        </Column>
      </DataTable>
    </ListPage>
  );
}
