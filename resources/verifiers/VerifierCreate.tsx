import { Create } from 'react-admin';
import { useSaveCallbacks } from '../../src/ui/saving/useSaveCallbacks';
import { VerifierForm } from './VerifierForm';
import { toVerifierPayload } from './verifierPayload';

export function VerifierCreate() {
  const callbacks = useSaveCallbacks({ successMessage: 'Verification source created', redirectTo: 'list' });
  return (
    <Create title="New verification source" transform={toVerifierPayload} mutationOptions={callbacks}>
      <VerifierForm isNew />
    </Create>
  );
}
