import { SimpleForm } from 'react-admin';
import { GroupInputSchema } from '../../domain';
import { zodValidator } from '../../src/forms/zodValidator';
import { EditToolbar } from '../../src/ui/saving/EditToolbar';
import { useSaveCallbacks } from '../../src/ui/saving/useSaveCallbacks';
import { RecordHistory } from '../audit-log';
import { GroupInputs } from './GroupInputs';
import { EditPage } from '../../src/ui/lists/EditPage';
import { KEEP_TYPED_VALUES } from '../../src/forms/keepTyped';

const validate = zodValidator(GroupInputSchema);

export function GroupEdit() {
  const callbacks = useSaveCallbacks({ successMessage: 'Group saved', redirectTo: 'list' });
  return (
    <EditPage title="Edit group" subtitle="Change the group’s name, identity type and members." mutationMode="pessimistic" mutationOptions={callbacks} aside={<RecordHistory resource="groups" />}>
      <SimpleForm resetOptions={KEEP_TYPED_VALUES} validate={validate} toolbar={<EditToolbar deletedMessage="Group deleted" />} sx={{ maxWidth: 640 }}>
        <GroupInputs />
      </SimpleForm>
    </EditPage>
  );
}
