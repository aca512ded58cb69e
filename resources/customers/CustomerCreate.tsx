import { SimpleForm } from 'react-admin';
import { CustomerCreateSchema, CustomerType } from '../../domain';
import { FirstAdminInputs } from '../../src/ui/firstAdmin/FirstAdminInputs';
import { firstAdminFormValidator, withOptionalAdmin } from '../../src/ui/firstAdmin/firstAdminPayload';
import { useSaveCallbacks } from '../../src/ui/saving/useSaveCallbacks';
import { CustomerInputs } from './CustomerInputs';
import { CreatePage } from '../../src/ui/lists/CreatePage';

const validate = firstAdminFormValidator(CustomerCreateSchema);

/** A new customer, optionally with its first customer admin (the server emails them a set-up link). */
export function CustomerCreate() {
  const callbacks = useSaveCallbacks({ successMessage: 'Customer created', redirectTo: 'edit' });
  return (
    <CreatePage title="New customer" subtitle="A company that uses the console, optionally with its first customer admin." transform={withOptionalAdmin} mutationOptions={callbacks}>
      <SimpleForm validate={validate} defaultValues={{ Type: CustomerType.REAL, AddAdmin: false }} sx={{ maxWidth: 640 }}>
        <CustomerInputs />
        <FirstAdminInputs roleLabel="customer admin" />
      </SimpleForm>
    </CreatePage>
  );
}
