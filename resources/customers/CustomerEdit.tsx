import { Divider } from '@mui/material';
import { SimpleForm } from 'react-admin';
import { CustomerInputSchema } from '../../domain';
import { zodValidator } from '../../src/forms/zodValidator';
import { EditToolbar } from '../../src/ui/saving/EditToolbar';
import { useSaveCallbacks } from '../../src/ui/saving/useSaveCallbacks';
import { RecordHistory } from '../audit-log';
import { CustomerInputs } from './CustomerInputs';
import { CustomerOrganizations } from './CustomerOrganizations';
import { EditPage } from '../../src/ui/lists/EditPage';
import { KEEP_TYPED_VALUES } from '../../src/forms/keepTyped';

const validate = zodValidator(CustomerInputSchema);

/** Name, type and contact; below, the customer's organizations (read-only); beside, its history. */
export function CustomerEdit() {
  const callbacks = useSaveCallbacks({ successMessage: 'Customer saved', redirectTo: 'list' });
  return (
    <EditPage title="Edit customer" subtitle="Change the company’s name and details." mutationMode="pessimistic" mutationOptions={callbacks} aside={<RecordHistory resource="customers" />}>
      <SimpleForm resetOptions={KEEP_TYPED_VALUES} validate={validate} toolbar={<EditToolbar deletedMessage="Customer deleted" />} sx={{ maxWidth: 640 }}>
        <CustomerInputs />
      </SimpleForm>
      <Divider />
      <CustomerOrganizations />
    </EditPage>
  );
}
