import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { Role } from '../../domain';
import { buildApiError } from '../../mocks/builders';
import { server } from '../../mocks/node';
import { listCalls, logRequests } from '../../mocks/requestLog';
import { tenancyMockState } from '../../mocks/tenancyHandlers';
import { renderApp, signInAs } from '../../src/testing/renderApp';

function rowOf(name: string): HTMLElement {
  return screen.getByText(name).closest('tr')!;
}

describe('customers (PRODUCT_ADMIN)', { timeout: 20_000 }, () => {
  test('the list shows the server data and asks for paging, sort and search on the server', async () => {
    const log = logRequests();
    signInAs(Role.PRODUCT_ADMIN);
    renderApp('/admin/customers');

    expect(await screen.findByRole('heading', { name: 'Customers', level: 1 })).toBeInTheDocument();
    const acme = await screen.findByText('Acme Holdings');
    const row = acme.closest('tr')!;
    expect(within(row).getByText('Real')).toBeInTheDocument();
    expect(within(row).getByText('Carl Customer')).toBeInTheDocument();
    expect(within(row).getByText('carl@acme.example')).toBeInTheDocument();
    expect(within(rowOf('Globex')).getByText('Demo')).toBeInTheDocument();
    expect(listCalls(log, '/api/v1/customers')[0]?.list).toEqual({ sort: ['Name', 'ASC'], range: [0, 9], filter: {} });

    await userEvent.click(screen.getByRole('button', { name: /^Sort by name/ }));
    await waitFor(() => expect(listCalls(log, '/api/v1/customers').at(-1)?.list.sort).toEqual(['Name', 'DESC']));

    await userEvent.type(screen.getByPlaceholderText('Search customers'), 'glob');
    await waitFor(() => expect(listCalls(log, '/api/v1/customers').at(-1)?.list.filter).toEqual({ q: 'glob' }));
    await waitFor(() => expect(screen.queryByText('Acme Holdings')).not.toBeInTheDocument());
    expect(screen.getByText('Globex')).toBeInTheDocument();
  });

  test('without customers the empty state invites to create one', async () => {
    tenancyMockState().customers = [];
    signInAs(Role.PRODUCT_ADMIN);
    renderApp('/admin/customers');
    expect(await screen.findByText('No customers yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'New customer' }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/customers/create'));
  });

  test('create validates with the domain schema, including the optional first admin', async () => {
    signInAs(Role.PRODUCT_ADMIN);
    renderApp('/admin/customers/create');
    await userEvent.click(await screen.findByLabelText('Also create the first customer admin'));
    await userEvent.type(screen.getByLabelText('Contact email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Contact email must be a valid email address')).toBeInTheDocument();
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
  });

  test('create sends the customer with its first admin, toasts and opens the new record', async () => {
    let body: unknown;
    server.use(
      http.post('/api/v1/customers', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(buildApiError('A user with this email already exists.', { 'Admin.Email': 'A user with this email already exists' }), { status: 409 });
      }),
    );
    signInAs(Role.PRODUCT_ADMIN);
    renderApp('/admin/customers/create');
    await userEvent.type(await screen.findByLabelText('Name *'), 'Initech');
    await userEvent.click(screen.getByLabelText('Demo'));
    await userEvent.click(screen.getByLabelText('Also create the first customer admin'));
    await userEvent.type(screen.getByLabelText('First name *'), 'Bill');
    await userEvent.type(screen.getByLabelText('Last name *'), 'Lumbergh');
    await userEvent.type(screen.getByLabelText('Email *'), 'bill@initech.example');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('A user with this email already exists')).toBeInTheDocument();
    expect(await screen.findByText('A user with this email already exists.')).toBeInTheDocument();
    expect(body).toEqual({ Name: 'Initech', Type: 1, Admin: { FirstName: 'Bill', LastName: 'Lumbergh', Email: 'bill@initech.example' } });

    server.resetHandlers();
    await userEvent.clear(screen.getByLabelText('Email *'));
    await userEvent.type(screen.getByLabelText('Email *'), 'bill2@initech.example');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Customer created')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toMatch(/^\/admin\/customers\/cus_new_\d+$/));
  });

  test('edit shows the organizations of the customer read-only and its history', async () => {
    const log = logRequests();
    signInAs(Role.PRODUCT_ADMIN);
    renderApp('/admin/customers/cus_acme');
    expect(await screen.findByDisplayValue('Acme Holdings')).toBeInTheDocument();
    const organizations = await screen.findByRole('region', { name: 'Organizations' });
    expect(await within(organizations).findByText('Acme Research')).toBeInTheDocument();
    expect(within(organizations).getByText('Completed')).toBeInTheDocument();
    expect(within(organizations).queryByRole('button', { name: /Sync|Delete/ })).not.toBeInTheDocument();
    expect(listCalls(log, '/api/v1/organizations')[0]?.list.filter).toEqual({ CustomerId: 'cus_acme' });
    const history = screen.getByRole('complementary', { name: 'History' });
    await waitFor(() => expect(listCalls(log, '/api/v1/audit-log')[0]?.list.filter).toEqual({ Resource: 'customers', RecordId: 'cus_acme' }));
    expect(await within(history).findByText('No recorded changes.')).toBeInTheDocument();
  });

  test('saving an edit toasts, and the server field errors land on the fields', async () => {
    signInAs(Role.PRODUCT_ADMIN);
    server.use(
      http.put('/api/v1/customers/:id', () => HttpResponse.json(buildApiError('Some fields are not valid.', { Name: 'That name is taken' }), { status: 400 }), { once: true }),
    );
    renderApp('/admin/customers/cus_globex');
    const name = await screen.findByDisplayValue('Globex');
    await userEvent.clear(name);
    await userEvent.type(name, 'Globex Corp');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('That name is taken')).toBeInTheDocument();
    expect(await screen.findByText('Some fields are not valid.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Customer saved')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/admin/customers'));
    expect(tenancyMockState().customers.find((customer) => customer.id === 'cus_globex')?.Name).toBe('Globex Corp');
  });

  test('delete asks for confirmation: Cancel keeps the customer, OK deletes it', async () => {
    signInAs(Role.PRODUCT_ADMIN);
    renderApp('/admin/customers');
    await screen.findByText('Globex');
    await userEvent.click(within(rowOf('Globex')).getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveTextContent('This action cannot be reversed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(tenancyMockState().customers).toHaveLength(2);
    expect(window.location.pathname).toBe('/admin/customers');

    await userEvent.click(within(rowOf('Globex')).getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Customer deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Globex')).not.toBeInTheDocument());
    expect(tenancyMockState().customers.map((customer) => customer.Name)).toEqual(['Acme Holdings']);
  });

  test('a refused delete shows the server message and keeps the row', async () => {
    server.use(http.delete('/api/v1/customers/:id', () => HttpResponse.json(buildApiError('The customer was not found.'), { status: 404 })));
    signInAs(Role.PRODUCT_ADMIN);
    renderApp('/admin/customers');
    await screen.findByText('Globex');
    await userEvent.click(within(rowOf('Globex')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('The customer was not found.')).toBeInTheDocument();
    expect(screen.getByText('Globex')).toBeInTheDocument();
  });

  test('the Audit log button opens the audit log filtered to customers', async () => {
    signInAs(Role.PRODUCT_ADMIN);
    renderApp('/admin/customers');
    await userEvent.click(await screen.findByRole('link', { name: 'Audit log' }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/audit-log'));
    expect(new URLSearchParams(window.location.search).get('filter')).toBe('{"Resource":"customers"}');
  });
});
