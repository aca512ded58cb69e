import { SimpleForm } from 'react-admin';
import { GroupInputSchema, IdentityType } from '../../domain';
import { zodValidator } from '../../src/forms/zodValidator';
import { useSaveCallbacks } from '../../src/ui/saving/useSaveCallbacks';
import { GroupInputs } from './GroupInputs';
import { CreatePage } from '../../src/ui/lists/CreatePage';

const validate = zodValidator(GroupInputSchema);

export function GroupCreate() {
  const callbacks = useSaveCallbacks({ successMessage: 'Group created', redirectTo: 'list' });
  return (
    <CreatePage title="New group" subtitle="People who share policies and language models." mutationOptions={callbacks}>
      <SimpleForm validate={validate} defaultValues={{ IdentityType: IdentityType.LOCAL, MemberIds: [] }} sx={{ maxWidth: 640 }}>
        <GroupInputs />
      </SimpleForm>
    </CreatePage>
  );
}
