
import { useSaveCallbacks } from '../../src/ui/saving/useSaveCallbacks';
import { DataSourceForm } from './DataSourceForm';
import { toDataSourcePayload } from './dataSourcePayload';
import { EmbeddedStorePanels } from './EmbeddedStorePanels';
import { SyncStatusCard } from './SyncStatusCard';
import { EditPage } from '../../src/ui/lists/EditPage';

export function DataSourceEdit() {
  const callbacks = useSaveCallbacks({ successMessage: 'Data source saved', redirectTo: 'list' });
  return (
    <EditPage title="Edit data source" subtitle="Change where the documents come from, how they are indexed and who may search them." mutationMode="pessimistic" transform={toDataSourcePayload} mutationOptions={callbacks} actions={false}>
      <SyncStatusCard />
      <DataSourceForm isNew={false} />
      <EmbeddedStorePanels />
    </EditPage>
  );
}
