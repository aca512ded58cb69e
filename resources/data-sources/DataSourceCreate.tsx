import { useSaveCallbacks } from '../../src/ui/saving/useSaveCallbacks';
import { DataSourceForm } from './DataSourceForm';
import { toDataSourcePayload } from './dataSourcePayload';
import { CreatePage } from '../../src/ui/lists/CreatePage';

/** A saved source opens in its edit page, where files are uploaded and retrieval is tried. */
export function DataSourceCreate() {
  const callbacks = useSaveCallbacks({ successMessage: 'Data source created', redirectTo: 'edit' });
  return (
    <CreatePage title="New data source" subtitle="Connect a store of the organization’s documents so chats and copilots can answer from it." transform={toDataSourcePayload} mutationOptions={callbacks}>
      <DataSourceForm isNew />
    </CreatePage>
  );
}
