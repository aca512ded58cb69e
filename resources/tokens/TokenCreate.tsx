import { useState } from 'react';
import { Create, SelectInput, SimpleForm, TextInput, useNotify, useRedirect } from 'react-admin';
import { AccessTokenCreatedSchema, AccessTokenCreateSchema } from '../../domain';
import type { z } from 'zod';
import { zodValidator } from '../../src/forms/zodValidator';
import { DEFAULT_TOKEN_EXPIRY_DAYS, TOKEN_EXPIRY_CHOICES } from './tokenExpiry';
import { TokenSecretDialog } from './TokenSecretDialog';

type CreatedToken = z.infer<typeof AccessTokenCreatedSchema>;

const validate = zodValidator(AccessTokenCreateSchema);

/** Name and expiry; the answer carries the secret, shown once in a dialog before returning to the list. */
export function TokenCreate() {
  const [created, setCreated] = useState<CreatedToken>();
  const notify = useNotify();
  const redirect = useRedirect();

  return (
    <>
      <Create
        title="New access token"
        redirect={false}
        mutationOptions={{
          onSuccess: (data: unknown) => {
            setCreated(AccessTokenCreatedSchema.parse(data));
            notify('Access token created', { type: 'success' });
          },
        }}
      >
        <SimpleForm validate={validate} defaultValues={{ ExpiryDays: DEFAULT_TOKEN_EXPIRY_DAYS }} sx={{ maxWidth: 560 }}>
          <TextInput source="Name" label="Name" helperText="What the token is for, e.g. Reporting script" fullWidth />
          <SelectInput
            source="ExpiryDays"
            label="Expiry"
            choices={TOKEN_EXPIRY_CHOICES}
            isRequired
            helperText="After this many days the token stops working. Never: until you revoke it."
            fullWidth
          />
        </SimpleForm>
      </Create>
      {created && <TokenSecretDialog token={created} onClose={() => redirect('list', 'tokens')} />}
    </>
  );
}
