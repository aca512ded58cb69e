import { Create } from 'react-admin';
import { useSaveCallbacks } from '../../src/ui/saving/useSaveCallbacks';
import { HelpForm } from './HelpForm';

export function HelpCreate() {
  const callbacks = useSaveCallbacks({ successMessage: 'Help page created', redirectTo: 'show' });
  return (
    <Create title="New help page" mutationOptions={callbacks}>
      <HelpForm isNew />
    </Create>
  );
}
