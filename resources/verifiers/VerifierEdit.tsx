import { Edit } from 'react-admin';
import { useSaveCallbacks } from '../../src/ui/saving/useSaveCallbacks';
import { VerifierForm } from './VerifierForm';
import { toVerifierPayload } from './verifierPayload';

export function VerifierEdit() {
  const callbacks = useSaveCallbacks({ successMessage: 'Verification source saved', redirectTo: 'list' });
  return (
    <Edit title="Edit verification source" mutationMode="pessimistic" transform={toVerifierPayload} mutationOptions={callbacks} actions={false}>
      <VerifierForm isNew={false} />
    </Edit>
  );
}
