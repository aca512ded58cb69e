import { Create } from 'react-admin';
import { useSaveCallbacks } from '../../src/ui/saving/useSaveCallbacks';
import { DataSourceForm } from './DataSourceForm';
import { toDataSourcePayload } from './dataSourcePayload';

/** A saved source opens in its edit page, where files are uploaded and retrieval is tried. */
export function DataSourceCreate() {
  const callbacks = useSaveCallbacks({ successMessage: 'Data source created', redirectTo: 'edit' });
  return (
    <Create title="New data source" transform={toDataSourcePayload} mutationOptions={callbacks}>
      <DataSourceForm isNew />
    </Create>
  );
}
