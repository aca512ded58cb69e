import { Navigate } from 'react-router-dom';
import { Edit, useCreatePath, useEditContext } from 'react-admin';
import type { HelpPage } from '../../domain';
import { useSaveCallbacks } from '../../src/ui/saving/useSaveCallbacks';
import { HelpForm } from './HelpForm';

/** Built-in pages cannot be changed: their edit address shows the page instead. */
function EditableHelpForm() {
  const { record } = useEditContext<HelpPage>();
  const createPath = useCreatePath();
  if (record?.BuiltIn) return <Navigate replace to={createPath({ resource: 'admin/help', type: 'show', id: record.id })} />;
  return <HelpForm />;
}

export function HelpEdit() {
  const callbacks = useSaveCallbacks({ successMessage: 'Help page saved', redirectTo: 'show' });
  return (
    <Edit<HelpPage> title="Edit help page" mutationMode="pessimistic" mutationOptions={callbacks} actions={false}>
      <EditableHelpForm />
    </Edit>
  );
}
