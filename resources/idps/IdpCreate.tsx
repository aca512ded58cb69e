import { Create } from 'react-admin';
import { useSaveCallbacks } from '../../src/ui/saving/useSaveCallbacks';
import { toIdpPayload } from './idpPayload';
import { IdpForm } from './IdpForm';

/** Saved providers open in their edit page, which shows the callback URL to register. */
export function IdpCreate() {
  const callbacks = useSaveCallbacks({ successMessage: 'Identity provider created', redirectTo: 'edit' });
  return (
    <Create title="New identity provider" transform={toIdpPayload} mutationOptions={callbacks}>
      <IdpForm isNew />
    </Create>
  );
}
