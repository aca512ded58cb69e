
import { useSaveCallbacks } from '../../src/ui/saving/useSaveCallbacks';
import { toIdpPayload } from './idpPayload';
import { IdpForm } from './IdpForm';
import { EditPage } from '../../src/ui/lists/EditPage';

export function IdpEdit() {
  const callbacks = useSaveCallbacks({ successMessage: 'Identity provider saved', redirectTo: 'list' });
  return (
    <EditPage title="Edit identity provider" subtitle="Change how people of this domain sign in with their company’s identity provider." mutationMode="pessimistic" transform={toIdpPayload} mutationOptions={callbacks} actions={false}>
      <IdpForm isNew={false} />
    </EditPage>
  );
}
