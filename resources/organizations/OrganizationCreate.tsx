import { SimpleForm } from 'react-admin';
import { OrganizationCreateSchema } from '../../domain';
import { FirstAdminInputs } from '../../src/ui/firstAdmin/FirstAdminInputs';
import { firstAdminFormValidator, withOptionalAdmin } from '../../src/ui/firstAdmin/firstAdminPayload';
import { useSaveCallbacks } from '../../src/ui/saving/useSaveCallbacks';
import { OrganizationInputs } from './OrganizationInputs';
import { CreatePage } from '../../src/ui/lists/CreatePage';

const validate = firstAdminFormValidator(OrganizationCreateSchema);

/** A new organization of the customer admin's customer, optionally with its first organization admin. */
export function OrganizationCreate() {
  const callbacks = useSaveCallbacks({ successMessage: 'Organization created', redirectTo: 'list' });
  return (
    <CreatePage title="New organization" subtitle="A tenant of the customer, optionally with its first organization admin." transform={withOptionalAdmin} mutationOptions={callbacks}>
      <SimpleForm validate={validate} defaultValues={{ AddAdmin: false }} sx={{ maxWidth: 640 }}>
        <OrganizationInputs />
        <FirstAdminInputs roleLabel="organization admin" />
      </SimpleForm>
    </CreatePage>
  );
}
