import { AutocompleteInput, ReferenceInput, SearchInput, SelectInput } from 'react-admin';
import { ORG_ROLE_CHOICES } from './userChoices';
import { parseBooleanChoice, parseNumberChoice } from '../../src/ui/inputs/choiceParsers';

const ENABLED_CHOICES = [
  { id: true, name: 'Enabled' },
  { id: false, name: 'Disabled' },
];

/** Search plus the server's Role, Enabled and GroupId filters. */
export const userFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search name or email" />,
  <SelectInput key="Role" source="Role" label="Role" choices={ORG_ROLE_CHOICES} parse={parseNumberChoice} alwaysOn emptyText="Any role" />,
  <SelectInput key="Enabled" source="Enabled" label="Status" choices={ENABLED_CHOICES} parse={parseBooleanChoice} alwaysOn emptyText="Any status" />,
  <ReferenceInput key="GroupId" source="GroupId" reference="admin/groups" sort={{ field: 'Name', order: 'ASC' }} alwaysOn>
    <AutocompleteInput label="Group" optionText="Name" filterToQuery={(q) => ({ q })} sx={{ minWidth: 220 }} />
  </ReferenceInput>,
];
