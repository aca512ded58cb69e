import { SimpleForm } from 'react-admin';
import { OrganizationInputSchema } from '../../domain';
import { zodValidator } from '../../src/forms/zodValidator';
import { EditToolbar } from '../../src/ui/saving/EditToolbar';
import { useSaveCallbacks } from '../../src/ui/saving/useSaveCallbacks';
import { RecordHistory } from '../audit-log';
import { OrganizationInputs } from './OrganizationInputs';
import { EditPage } from '../../src/ui/lists/EditPage';
import { KEEP_TYPED_VALUES } from '../../src/forms/keepTyped';

const validate = zodValidator(OrganizationInputSchema);

export function OrganizationEdit() {
  const callbacks = useSaveCallbacks({ successMessage: 'Organization saved', redirectTo: 'list' });
  return (
    <EditPage title="Edit organization" subtitle="Change the organization’s name and details." mutationMode="pessimistic" mutationOptions={callbacks} aside={<RecordHistory resource="organizations" />}>
      <SimpleForm resetOptions={KEEP_TYPED_VALUES} validate={validate} toolbar={<EditToolbar deletedMessage="Organization deleted" />} sx={{ maxWidth: 640 }}>
        <OrganizationInputs />
      </SimpleForm>
    </EditPage>
  );
}
