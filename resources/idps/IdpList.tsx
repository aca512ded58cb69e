import { Chip } from '@mui/material';
import { CreateButton, DataTable, ReferenceField, SearchInput, TextField, TopToolbar } from 'react-admin';
import { IDP_PRESET_LABELS, Role } from '../../domain';
import type { IdentityProvider } from '../../domain';
import { useCurrentUser } from '../../src/routing/useCurrentUser';
import { EmptyListState } from '../../src/ui/lists/EmptyListState';
import { ListPage } from '../../src/ui/lists/ListPage';

/** Columns typed with the record, so that render() gets a IdentityProvider. */
const Column = DataTable.Col<IdentityProvider>;

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search providers" />];

const ListActions = () => (
  <TopToolbar>
    <CreateButton label="New provider" />
  </TopToolbar>
);

/** /admin/idps: the OpenID Connect providers of the organization (or, for a customer admin, of its organizations). */
export function IdpList() {
  const { user } = useCurrentUser();
  const isCustomerAdmin = user?.Role === Role.CUSTOMER_ADMIN;
  return (
    <ListPage
      title="Identity Providers"
      subtitle="The OpenID Connect providers people can sign in with, besides their email and password."
      sort={{ field: 'Name', order: 'ASC' }}
      filters={filters}
      actions={<ListActions />}
      empty={
        <EmptyListState
          title="No identity providers yet"
          text="Let people sign in with your company account: add an OpenID Connect provider such as Google Workspace."
          createLabel="New provider"
        />
      }
    >
      <DataTable<IdentityProvider> rowClick="edit" bulkActionButtons={false}>
        <Column source="Name" cellSx={() => ({ fontWeight: 500 })} />
        <Column source="Preset" render={(idp) => IDP_PRESET_LABELS[idp.Preset]} />
        <Column source="Issuer" />
        <Column
          source="Enabled"
          render={(idp) => <Chip size="small" variant="outlined" color={idp.Enabled ? 'success' : 'default'} label={idp.Enabled ? 'Enabled' : 'Disabled'} />}
        />
        {isCustomerAdmin && (
          <Column source="OrganizationId" label="Organization">
            <ReferenceField source="OrganizationId" reference="admin/organizations" link={false}>
              <TextField source="Name" />
            </ReferenceField>
          </Column>
        )}
      </DataTable>
    </ListPage>
  );
}
