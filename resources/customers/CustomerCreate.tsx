import { Create, SimpleForm } from 'react-admin';
import { CustomerCreateSchema, CustomerType } from '../../domain';
import { FirstAdminInputs } from '../../src/ui/firstAdmin/FirstAdminInputs';
import { firstAdminFormValidator, withOptionalAdmin } from '../../src/ui/firstAdmin/firstAdminPayload';
import { useSaveCallbacks } from '../../src/ui/saving/useSaveCallbacks';
import { CustomerInputs } from './CustomerInputs';

const validate = firstAdminFormValidator(CustomerCreateSchema);

/** A new customer, optionally with its first customer admin (the server emails them a set-up link). */
export function CustomerCreate() {
  const callbacks = useSaveCallbacks({ successMessage: 'Customer created', redirectTo: 'edit' });
  return (
    <Create title="New customer" transform={withOptionalAdmin} mutationOptions={callbacks}>
      <SimpleForm validate={validate} defaultValues={{ Type: CustomerType.REAL, AddAdmin: false }} sx={{ maxWidth: 640 }}>
        <CustomerInputs />
        <FirstAdminInputs roleLabel="customer admin" />
      </SimpleForm>
    </Create>
  );
}
