import { Box, Divider, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import {
  ArrayInput,
  BooleanInput,
  ReferenceInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  Toolbar,
  useRecordContext,
} from 'react-admin';
import { DEFAULT_IDP_SCOPES, Role } from '../../domain';
import type { IdentityProvider } from '../../domain';
import { useCurrentUser } from '../../src/routing/useCurrentUser';
import { ConfirmDeleteButton } from '../../src/ui/actions/ConfirmDeleteButton';
import { CallbackUrlField } from './CallbackUrlField';
import { ClientSecretInput } from './ClientSecretInput';
import { ORG_ROLE_CHOICES, PRESET_CHOICES } from './idpChoices';
import { idpValidator } from './idpValidation';
import { IssuerInput } from './IssuerInput';
import { KEEP_TYPED_VALUES } from '../../src/forms/keepTyped';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ width: '100%' }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mt: 1, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function IdpToolbar({ isNew }: { isNew: boolean }) {
  const provider = useRecordContext<IdentityProvider>();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {!isNew && provider && <ConfirmDeleteButton successMessage={`Identity provider "${provider.Name}" deleted`} redirectTo="list" />}
    </Toolbar>
  );
}

export const NEW_IDP_DEFAULTS = { Preset: 'oidc', Scopes: DEFAULT_IDP_SCOPES, DefaultRole: Role.USER, RoleMapping: [], Enabled: true } as const;

/** An OpenID Connect provider: connection, sign-in rules, claim mapping, and (for a customer admin) its organization. */
export function IdpForm({ isNew }: { isNew: boolean }) {
  const { user } = useCurrentUser();
  const isCustomerAdmin = user?.Role === Role.CUSTOMER_ADMIN;
  return (
    <SimpleForm
      resetOptions={KEEP_TYPED_VALUES}
      validate={idpValidator({ isNew, needsOrganization: isCustomerAdmin })}
      defaultValues={isNew ? NEW_IDP_DEFAULTS : undefined}
      toolbar={<IdpToolbar isNew={isNew} />}
      sx={{ maxWidth: 880 }}
    >
      <Section title="Provider">
        {isCustomerAdmin && (
          <ReferenceInput source="OrganizationId" reference="admin/organizations" sort={{ field: 'Name', order: 'ASC' }} perPage={100}>
            <SelectInput label="Organization" optionText="Name" isRequired fullWidth />
          </ReferenceInput>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextInput source="Name" label="Name" helperText="Shown on the sign-in button" fullWidth />
          <SelectInput source="Preset" label="Preset" choices={PRESET_CHOICES} isRequired fullWidth />
        </Stack>
        <IssuerInput />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextInput source="ClientId" label="Client ID" fullWidth />
          <ClientSecretInput isNew={isNew} />
        </Stack>
        <TextInput source="Scopes" label="Scopes" helperText="Separated by spaces; must include openid" fullWidth />
        <CallbackUrlField />
      </Section>
      <Divider flexItem />
      <Section title="Who may sign in">
        <TextInput
          source="AllowedDomains"
          label="Allowed domains"
          helperText="Email domains allowed to sign in, separated by commas (e.g. example.com). Empty: any."
          fullWidth
        />
        <BooleanInput source="Enabled" label="Enabled (offered on the sign-in page)" />
      </Section>
      <Divider flexItem />
      <Section title="Roles and groups from claims">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <SelectInput source="DefaultRole" label="Default role" choices={ORG_ROLE_CHOICES} isRequired helperText="When no mapping matches" fullWidth />
          <TextInput source="RoleClaim" label="Role claim" helperText="e.g. roles" fullWidth />
          <TextInput source="GroupClaim" label="Group claim" helperText="e.g. groups" fullWidth />
        </Stack>
        <ArrayInput source="RoleMapping" label="Role mapping (claim value → role)">
          <SimpleFormIterator inline disableReordering>
            <TextInput source="ClaimValue" label="Claim value" helperText={false} />
            <SelectInput source="Role" label="Role" choices={ORG_ROLE_CHOICES} isRequired helperText={false} />
          </SimpleFormIterator>
        </ArrayInput>
      </Section>
    </SimpleForm>
  );
}
