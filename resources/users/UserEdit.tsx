import { SimpleForm } from 'react-admin';
import { UserInputSchema } from '../../domain';
import { zodValidator } from '../../src/forms/zodValidator';
import { EditToolbar } from '../../src/ui/saving/EditToolbar';
import { useSaveCallbacks } from '../../src/ui/saving/useSaveCallbacks';
import { RecordHistory } from '../audit-log';
import { LastSignIn } from './LastSignIn';
import { UserInputs } from './UserInputs';
import { EditPage } from '../../src/ui/lists/EditPage';
import { KEEP_TYPED_VALUES } from '../../src/forms/keepTyped';

const validate = zodValidator(UserInputSchema);

/** Edit a user; the server refuses self-disable and self-demotion with field messages shown here. */
export function UserEdit() {
  const callbacks = useSaveCallbacks({ successMessage: 'User saved', redirectTo: 'list' });
  return (
    <EditPage title="Edit user" subtitle="Change the person’s name, role and groups." mutationMode="pessimistic" mutationOptions={callbacks} aside={<RecordHistory resource="users" />}>
      <SimpleForm resetOptions={KEEP_TYPED_VALUES} validate={validate} toolbar={<EditToolbar deletedMessage="User deleted" />} sx={{ maxWidth: 640 }}>
        <LastSignIn />
        <UserInputs />
      </SimpleForm>
    </EditPage>
  );
}
