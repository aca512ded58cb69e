import PolicyIcon from '@mui/icons-material/PolicyOutlined';
import { DataTable, SearchInput } from 'react-admin';
import type { Policy } from '../../domain';
import { EmptyListState } from '../../src/ui/lists/EmptyListState';
import { ListPage } from '../../src/ui/lists/ListPage';
import { PolicyTargetsField } from '../policies/PolicyTargetsField';
import { PolicyTypeChip } from '../policies/PolicyTypeChip';
import { policySummary } from './policySummary';

const Column = DataTable.Col<Policy>;

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search policies" />];

/** /policies (USER): the enabled policies that apply to the user's prompts, read-only (the server scopes the list). */
export function MyPolicyList() {
  return (
    <ListPage
      title="Policies that apply to you"
      subtitle="What happens to your prompts before they reach a language model: blocked, redacted or anonymized content."
      sort={{ field: 'Priority', order: 'ASC' }}
      filters={filters}
      actions={false}
      exporter={false}
      empty={
        <EmptyListState
          icon={<PolicyIcon color="disabled" sx={{ fontSize: 48 }} />}
          title="No policies apply to you"
          text="Your prompts reach the language models unchanged. Your organization admin sets policies."
        />
      }
    >
      <DataTable<Policy> rowClick="show" bulkActionButtons={false}>
        <Column source="Name" cellSx={() => ({ fontWeight: 500 })} />
        <Column source="Type" render={(policy) => <PolicyTypeChip type={policy.Type} />} />
        <Column label="Applies to" disableSort>
          <PolicyTargetsField groupsResource="groups" modelsResource="language-models" />
        </Column>
        <Column label="What it does" disableSort render={(policy) => policySummary(policy)} />
      </DataTable>
    </ListPage>
  );
}
