import { useCallback, useState } from 'react';
import { SimpleForm, useRedirect } from 'react-admin';
import type { z } from 'zod';
import { IdentityType, Role, UserCreatedSchema, UserInputSchema } from '../../domain';
import { zodValidator } from '../../src/forms/zodValidator';
import { useSaveCallbacks } from '../../src/ui/saving/useSaveCallbacks';
import { SetupLinkDialog } from './SetupLinkDialog';
import { fullName } from './userFormat';
import { UserInputs } from './UserInputs';
import { CreatePage } from '../../src/ui/lists/CreatePage';

type CreatedUser = z.infer<typeof UserCreatedSchema>;

const validate = zodValidator(UserInputSchema);
const defaults = { Role: Role.USER, IdentityType: IdentityType.LOCAL, GroupIds: [], Enabled: true };

/** A new user; a local one gets a one-time set-up link, shown once in a dialog before returning to the list. */
export function UserCreate() {
  const [created, setCreated] = useState<CreatedUser>();
  const redirect = useRedirect();
  const onSaved = useCallback(
    (data: unknown) => {
      const user = UserCreatedSchema.parse(data);
      if (user.SetupLink) setCreated(user);
      else redirect('list', 'admin/users');
    },
    [redirect],
  );
  const callbacks = useSaveCallbacks({ successMessage: 'User created', redirectTo: false, onSaved });

  return (
    <>
      <CreatePage title="New user" subtitle="Add a person to the organization; they set their own password from the link they receive." mutationOptions={callbacks}>
        <SimpleForm validate={validate} defaultValues={defaults} sx={{ maxWidth: 640 }}>
          <UserInputs />
        </SimpleForm>
      </CreatePage>
      {created?.SetupLink && (
        <SetupLinkDialog name={fullName(created)} email={created.Email} link={created.SetupLink} onClose={() => redirect('list', 'admin/users')} />
      )}
    </>
  );
}
