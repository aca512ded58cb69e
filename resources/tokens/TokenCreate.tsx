import { useState } from 'react';
import { CheckboxGroupInput, SelectInput, SimpleForm, TextInput, useNotify, useRedirect } from 'react-admin';
import { AccessTokenCreatedSchema, AccessTokenCreateSchema, DEFAULT_TOKEN_SCOPES } from '../../domain';
import type { z } from 'zod';
import { RateLimitInputs } from '../../src/forms/RateLimitInputs';
import { CreatePage } from '../../src/ui/lists/CreatePage';
import { zodValidator } from '../../src/forms/zodValidator';
import { DEFAULT_TOKEN_EXPIRY_DAYS, TOKEN_EXPIRY_CHOICES } from './tokenExpiry';
import { TOKEN_SCOPE_CHOICES } from './tokenScopes';
import { TokenSecretDialog } from './TokenSecretDialog';

type CreatedToken = z.infer<typeof AccessTokenCreatedSchema>;

const validate = zodValidator(AccessTokenCreateSchema);

/** Name, expiry, scopes and limits; the answer carries the secret, shown once in a dialog before returning to the list. */
export function TokenCreate() {
  const [created, setCreated] = useState<CreatedToken>();
  const notify = useNotify();
  const redirect = useRedirect();

  return (
    <>
      <CreatePage
        title="New access token"
        subtitle="A key for programs that call the console as you; its secret is shown once, right after it is made."
        redirect={false}
        mutationOptions={{
          onSuccess: (data: unknown) => {
            setCreated(AccessTokenCreatedSchema.parse(data));
            notify('Access token created', { type: 'success' });
          },
        }}
      >
        <SimpleForm validate={validate} defaultValues={{ ExpiryDays: DEFAULT_TOKEN_EXPIRY_DAYS, Scopes: [...DEFAULT_TOKEN_SCOPES] }} sx={{ maxWidth: 600 }}>
          <TextInput source="Name" label="Name" helperText="What the token is for, e.g. Reporting script" fullWidth />
          <SelectInput
            source="ExpiryDays"
            label="Expiry"
            choices={TOKEN_EXPIRY_CHOICES}
            isRequired
            helperText="After this many days the token stops working. Never: until you revoke it (gateway-only tokens)."
            fullWidth
          />
          <CheckboxGroupInput
            source="Scopes"
            label="Scopes"
            choices={TOKEN_SCOPE_CHOICES}
            helperText="Gateway: the OpenAI-compatible API. Admin API: the rest of the API as you (such a token must expire). No token can create tokens or manage users."
          />
          <RateLimitInputs
            requestsHelperText="Gateway calls a minute. Empty: your organization's limit."
            tokensHelperText="Prompt and completion tokens a minute. Empty: your organization's limit."
          />
        </SimpleForm>
      </CreatePage>
      {created && <TokenSecretDialog token={created} onClose={() => redirect('list', 'tokens')} />}
    </>
  );
}
