import { Chip } from '@mui/material';
import { CreateButton, DataTable, SearchInput, TopToolbar } from 'react-admin';
import { LLM_PROVIDER_LABELS } from '../../domain';
import type { LanguageModel } from '../../domain';
import { EmptyListState } from '../../src/ui/lists/EmptyListState';
import { ListPage } from '../../src/ui/lists/ListPage';
import { ConfigStatusCell } from './ConfigStatusCell';
import { GroupAccessField } from './GroupAccessField';

const Column = DataTable.Col<LanguageModel>;

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search language models" />];

const ListActions = () => (
  <TopToolbar>
    <CreateButton label="New language model" />
  </TopToolbar>
);

/** /admin/language-models (ORG_ADMIN): the organization's models, each with its config status and Test. */
export function LanguageModelList() {
  return (
    <ListPage
      title="Language Models"
      subtitle="The models people may chat with: provider, limits, who may use them, and whether they answer."
      sort={{ field: 'Name', order: 'ASC' }}
      filters={filters}
      actions={<ListActions />}
      exporter={false}
      empty={
        <EmptyListState
          title="No language models yet"
          text="Add a provider such as OpenAI, Azure OpenAI, Anthropic or Ollama — or the built-in offline demo model, which needs no internet access."
          createLabel="New language model"
        />
      }
    >
      <DataTable<LanguageModel> rowClick="edit" bulkActionButtons={false}>
        <Column source="Name" cellSx={() => ({ fontWeight: 500 })} />
        <Column source="Provider" render={(model) => LLM_PROVIDER_LABELS[model.Provider]} />
        <Column source="Model" />
        <Column
          source="Enabled"
          render={(model) => <Chip size="small" variant="outlined" color={model.Enabled ? 'success' : 'default'} label={model.Enabled ? 'Enabled' : 'Disabled'} />}
        />
        <Column source="GroupIds" label="Groups" disableSort>
          <GroupAccessField />
        </Column>
        <Column source="ConfigStatus" label="Config status">
          <ConfigStatusCell />
        </Column>
      </DataTable>
    </ListPage>
  );
}
