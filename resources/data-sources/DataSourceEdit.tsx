import { Edit } from 'react-admin';
import { useSaveCallbacks } from '../../src/ui/saving/useSaveCallbacks';
import { DataSourceForm } from './DataSourceForm';
import { toDataSourcePayload } from './dataSourcePayload';
import { EmbeddedStorePanels } from './EmbeddedStorePanels';
import { SyncStatusCard } from './SyncStatusCard';

export function DataSourceEdit() {
  const callbacks = useSaveCallbacks({ successMessage: 'Data source saved', redirectTo: 'list' });
  return (
    <Edit title="Edit data source" mutationMode="pessimistic" transform={toDataSourcePayload} mutationOptions={callbacks} actions={false}>
      <SyncStatusCard />
      <DataSourceForm isNew={false} />
      <EmbeddedStorePanels />
    </Edit>
  );
}
