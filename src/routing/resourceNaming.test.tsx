// Verifies the resource naming decision: a react-admin resource named by its screen path ("admin/customers")
// is routed at /admin/customers, its row links go to /admin/customers/:id, and its data comes from /api/v1/customers.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Admin, DataTable, Edit, List, Resource, SimpleForm, TextInput } from 'react-admin';
import { BrowserRouter } from 'react-router-dom';
import { expect, test } from 'vitest';
import { dataProvider } from '../../dataProvider';
import { server } from '../../mocks/node';

const CustomerList = () => (
  <List>
    <DataTable rowClick="edit">
      <DataTable.Col source="Name" />
    </DataTable>
  </List>
);
const CustomerEdit = () => (
  <Edit>
    <SimpleForm>
      <TextInput source="Name" />
    </SimpleForm>
  </Edit>
);

test('resource "admin/customers" lives at /admin/customers and edits at /admin/customers/:id', async () => {
  const customers = [{ id: 'cus_1', Name: 'Acme Holdings' }];
  server.use(
    http.get('/api/v1/customers', () =>
      HttpResponse.json(customers, { headers: { 'Content-Range': 'customers 0-0/1' } }),
    ),
    http.get('/api/v1/customers/:id', ({ params }) => HttpResponse.json(customers.find((c) => c.id === params.id))),
  );
  window.history.replaceState(null, '', '/admin/customers');

  render(
    <BrowserRouter>
      <Admin dataProvider={dataProvider} disableTelemetry>
        <Resource name="admin/customers" list={CustomerList} edit={CustomerEdit} />
      </Admin>
    </BrowserRouter>,
  );

  await userEvent.click(await screen.findByText('Acme Holdings'));

  await waitFor(() => expect(window.location.pathname).toBe('/admin/customers/cus_1'));
  expect(await screen.findByDisplayValue('Acme Holdings')).toBeInTheDocument();
});
