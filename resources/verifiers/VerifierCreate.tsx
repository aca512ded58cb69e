import { useSaveCallbacks } from '../../src/ui/saving/useSaveCallbacks';
import { VerifierForm } from './VerifierForm';
import { toVerifierPayload } from './verifierPayload';
import { CreatePage } from '../../src/ui/lists/CreatePage';

export function VerifierCreate() {
  const callbacks = useSaveCallbacks({ successMessage: 'Verification source created', redirectTo: 'list' });
  return (
    <CreatePage title="New verification source" subtitle="A service that checks answers for hallucination, toxicity or bias before people see them." transform={toVerifierPayload} mutationOptions={callbacks}>
      <VerifierForm isNew />
    </CreatePage>
  );
}
