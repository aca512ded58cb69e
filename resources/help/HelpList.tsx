import { Chip } from '@mui/material';
import { CreateButton, DataTable, SearchInput, TopToolbar } from 'react-admin';
import type { HelpPage } from '../../domain';
import { EmptyListState } from '../../src/ui/lists/EmptyListState';
import { ListPage } from '../../src/ui/lists/ListPage';
import { BuiltInChip } from './BuiltInChip';

/** Columns typed with the record, so that render() gets a HelpPage. */
const Column = DataTable.Col<HelpPage>;

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search help" />];

const ListActions = () => (
  <TopToolbar>
    <CreateButton label="New page" />
  </TopToolbar>
);

/** Built-in pages and the organization's own, sorted by category so that each category reads as a group. */
export function HelpList() {
  return (
    <ListPage
      title="Help"
      subtitle="How the console works, and your organization's own pages in Markdown."
      sort={{ field: 'Category', order: 'ASC' }}
      filters={filters}
      actions={<ListActions />}
      perPage={25}
      empty={<EmptyListState title="No help pages" text="Write a page in Markdown to explain your organization's rules." createLabel="New page" />}
    >
      <DataTable<HelpPage> rowClick="show" bulkActionButtons={false}>
        <Column source="Category" render={(page) => <Chip size="small" label={page.Category} />} />
        <Column source="Title" cellSx={() => ({ fontWeight: 500 })} />
        <Column source="Slug" />
        <Column label="Source" disableSort render={(page) => (page.BuiltIn ? <BuiltInChip /> : 'Your organization')} />
      </DataTable>
    </ListPage>
  );
}
