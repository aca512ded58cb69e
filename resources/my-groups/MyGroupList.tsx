import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import { DataTable, SearchInput } from 'react-admin';
import type { Group } from '../../domain';
import { EmptyListState } from '../../src/ui/lists/EmptyListState';
import { ListPage } from '../../src/ui/lists/ListPage';

/** Columns typed with the record, so that render() gets a Group. */
const Column = DataTable.Col<Group>;

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search groups" />];

/** /groups (USER): the groups the user belongs to, read-only (the server answers only the caller's groups). */
export function MyGroupList() {
  return (
    <ListPage
      title="My Groups"
      subtitle="The groups you belong to. Group policies and model access follow from them."
      sort={{ field: 'Name', order: 'ASC' }}
      filters={filters}
      actions={false}
      empty={
        <EmptyListState
          icon={<GroupsIcon color="disabled" sx={{ fontSize: 48 }} />}
          title="You are not in any group yet"
          text="Your organization admin adds people to groups; group policies then apply to your prompts."
        />
      }
    >
      <DataTable<Group> rowClick={false} bulkActionButtons={false}>
        <Column source="Name" cellSx={() => ({ fontWeight: 500 })} />
        <Column source="Description" render={(group) => group.Description ?? '—'} />
      </DataTable>
    </ListPage>
  );
}
