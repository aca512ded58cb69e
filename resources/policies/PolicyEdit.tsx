import { SimpleForm } from 'react-admin';
import { PolicyInputSchema } from '../../domain';
import { zodValidator } from '../../src/forms/zodValidator';
import { EditToolbar } from '../../src/ui/saving/EditToolbar';
import { useSaveCallbacks } from '../../src/ui/saving/useSaveCallbacks';
import { PolicyFormLayout } from './PolicyFormLayout';
import { toPolicyPayload } from './policyPayload';
import { EditPage } from '../../src/ui/lists/EditPage';
import { KEEP_TYPED_VALUES } from '../../src/forms/keepTyped';

const validate = zodValidator(PolicyInputSchema);

export function PolicyEdit() {
  const callbacks = useSaveCallbacks({ successMessage: 'Policy saved', redirectTo: 'list' });
  return (
    <EditPage title="Edit policy" subtitle="Change the rules, their order and whom the policy applies to." mutationMode="pessimistic" mutationOptions={callbacks} transform={toPolicyPayload}>
      <SimpleForm resetOptions={KEEP_TYPED_VALUES} validate={validate} toolbar={<EditToolbar deletedMessage="Policy deleted" />}>
        <PolicyFormLayout />
      </SimpleForm>
    </EditPage>
  );
}
