import { useSaveCallbacks } from '../../src/ui/saving/useSaveCallbacks';
import { HelpForm } from './HelpForm';
import { CreatePage } from '../../src/ui/lists/CreatePage';

export function HelpCreate() {
  const callbacks = useSaveCallbacks({ successMessage: 'Help page created', redirectTo: 'show' });
  return (
    <CreatePage title="New help page" subtitle="A Markdown page that everyone of the organization can read from the account menu." mutationOptions={callbacks}>
      <HelpForm isNew />
    </CreatePage>
  );
}
