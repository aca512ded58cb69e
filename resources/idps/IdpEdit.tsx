import { Edit } from 'react-admin';
import { useSaveCallbacks } from '../../src/ui/saving/useSaveCallbacks';
import { toIdpPayload } from './idpPayload';
import { IdpForm } from './IdpForm';

export function IdpEdit() {
  const callbacks = useSaveCallbacks({ successMessage: 'Identity provider saved', redirectTo: 'list' });
  return (
    <Edit title="Edit identity provider" mutationMode="pessimistic" transform={toIdpPayload} mutationOptions={callbacks} actions={false}>
      <IdpForm isNew={false} />
    </Edit>
  );
}
