import PsychologyIcon from '@mui/icons-material/PsychologyOutlined';
import { DataTable, SearchInput } from 'react-admin';
import { LLM_PROVIDER_LABELS } from '../../domain';
import type { LanguageModelSummary } from '../../domain';
import { EmptyListState } from '../../src/ui/lists/EmptyListState';
import { ListPage } from '../../src/ui/lists/ListPage';

const Column = DataTable.Col<LanguageModelSummary>;

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search language models" />];

/** /language-models (USER): the enabled models granted to the user's groups or to the whole organization. */
export function MyLanguageModelList() {
  return (
    <ListPage
      title="Language Models"
      subtitle="The language models you may use in chat."
      sort={{ field: 'Name', order: 'ASC' }}
      filters={filters}
      actions={false}
      exporter={false}
      empty={
        <EmptyListState
          icon={<PsychologyIcon color="disabled" sx={{ fontSize: 48 }} />}
          title="No language models available to you"
          text="Your organization admin decides which language models each group may use."
        />
      }
    >
      <DataTable<LanguageModelSummary> rowClick={false} bulkActionButtons={false}>
        <Column source="Name" cellSx={() => ({ fontWeight: 500 })} />
        <Column source="Provider" render={(model) => LLM_PROVIDER_LABELS[model.Provider]} />
        <Column source="Model" />
      </DataTable>
    </ListPage>
  );
}
