import { Navigate } from 'react-router-dom';
import { useCreatePath, useEditContext } from 'react-admin';
import type { HelpPage } from '../../domain';
import { useSaveCallbacks } from '../../src/ui/saving/useSaveCallbacks';
import { HelpForm } from './HelpForm';
import { EditPage } from '../../src/ui/lists/EditPage';

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
    <EditPage<HelpPage> title="Edit help page" subtitle="Change the page’s title, address and Markdown text." mutationMode="pessimistic" mutationOptions={callbacks} actions={false}>
      <EditableHelpForm />
    </EditPage>
  );
}
