import { Edit, SimpleForm } from 'react-admin';
import { PolicyInputSchema } from '../../domain';
import { zodValidator } from '../../src/forms/zodValidator';
import { EditToolbar } from '../../src/ui/saving/EditToolbar';
import { useSaveCallbacks } from '../../src/ui/saving/useSaveCallbacks';
import { PolicyFormLayout } from './PolicyFormLayout';
import { toPolicyPayload } from './policyPayload';

const validate = zodValidator(PolicyInputSchema);

export function PolicyEdit() {
  const callbacks = useSaveCallbacks({ successMessage: 'Policy saved', redirectTo: 'list' });
  return (
    <Edit title="Edit policy" mutationMode="pessimistic" mutationOptions={callbacks} transform={toPolicyPayload}>
      <SimpleForm validate={validate} toolbar={<EditToolbar deletedMessage="Policy deleted" />}>
        <PolicyFormLayout />
      </SimpleForm>
    </Edit>
  );
}
