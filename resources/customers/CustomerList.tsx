import { Box, Typography } from '@mui/material';
import { CreateButton, DataTable, SearchInput, SelectInput, TopToolbar } from 'react-admin';
import { CUSTOMER_TYPE_LABELS } from '../../domain';
import type { Customer } from '../../domain';
import { ConfirmDeleteButton } from '../../src/ui/actions/ConfirmDeleteButton';
import { EmptyListState } from '../../src/ui/lists/EmptyListState';
import { ListPage } from '../../src/ui/lists/ListPage';
import { AuditLogButton } from '../audit-log';
import { CUSTOMER_TYPE_CHOICES } from './customerChoices';
import { parseNumberChoice } from '../../src/ui/inputs/choiceParsers';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search customers" />,
  <SelectInput key="Type" source="Type" label="Type" choices={CUSTOMER_TYPE_CHOICES} parse={parseNumberChoice} />,
];

const ListActions = () => (
  <TopToolbar>
    <AuditLogButton resource="customers" />
    <CreateButton label="New customer" />
  </TopToolbar>
);

function Contact({ customer }: { customer: Customer }) {
  if (!customer.ContactName && !customer.ContactEmail) return <>—</>;
  return (
    <Box>
      <Typography variant="body2">{customer.ContactName ?? customer.ContactEmail}</Typography>
      {customer.ContactName && customer.ContactEmail && (
        <Typography variant="caption" color="text.secondary">
          {customer.ContactEmail}
        </Typography>
      )}
    </Box>
  );
}

/** /admin/customers (PRODUCT_ADMIN): every customer of the product. */
export function CustomerList() {
  return (
    <ListPage
      title="Customers"
      subtitle="Companies using the console. Each has organizations, managed by its customer admins."
      sort={{ field: 'Name', order: 'ASC' }}
      filters={filters}
      actions={<ListActions />}
      exporter={false}
      empty={
        <EmptyListState
          title="No customers yet"
          text="Create a customer and, optionally, its first customer admin, who then sets up its organizations."
          createLabel="New customer"
        />
      }
    >
      <DataTable<Customer> rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col<Customer> source="Name" />
        <DataTable.Col<Customer> source="Type" render={(customer) => CUSTOMER_TYPE_LABELS[customer.Type]} />
        <DataTable.Col<Customer> source="ContactName" label="Contact" render={(customer) => <Contact customer={customer} />} />
        <DataTable.Col<Customer> source="OrganizationCount" label="Organizations" disableSort align="right" />
        <DataTable.Col<Customer> label="Actions" disableSort align="right">
          <ConfirmDeleteButton successMessage="Customer deleted" />
        </DataTable.Col>
      </DataTable>
    </ListPage>
  );
}
