
import { useSaveCallbacks } from '../../src/ui/saving/useSaveCallbacks';
import { VerifierForm } from './VerifierForm';
import { toVerifierPayload } from './verifierPayload';
import { EditPage } from '../../src/ui/lists/EditPage';

export function VerifierEdit() {
  const callbacks = useSaveCallbacks({ successMessage: 'Verification source saved', redirectTo: 'list' });
  return (
    <EditPage title="Edit verification source" subtitle="Change the service, what it checks and what happens to answers it flags." mutationMode="pessimistic" transform={toVerifierPayload} mutationOptions={callbacks} actions={false}>
      <VerifierForm isNew={false} />
    </EditPage>
  );
}
