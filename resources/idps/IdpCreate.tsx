import { useSaveCallbacks } from '../../src/ui/saving/useSaveCallbacks';
import { toIdpPayload } from './idpPayload';
import { IdpForm } from './IdpForm';
import { CreatePage } from '../../src/ui/lists/CreatePage';

/** Saved providers open in their edit page, which shows the callback URL to register. */
export function IdpCreate() {
  const callbacks = useSaveCallbacks({ successMessage: 'Identity provider created', redirectTo: 'edit' });
  return (
    <CreatePage title="New identity provider" subtitle="Let people of a domain sign in with their company’s OpenID Connect identity provider." transform={toIdpPayload} mutationOptions={callbacks}>
      <IdpForm isNew />
    </CreatePage>
  );
}
