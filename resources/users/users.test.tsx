import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, test, vi } from 'vitest';
import { Role } from '../../domain';
import { buildApiError } from '../../mocks/builders';
import { server } from '../../mocks/node';
import { listCalls, logRequests } from '../../mocks/requestLog';
import { MOCK_SETUP_LINK, tenancyMockState } from '../../mocks/tenancyHandlers';
import { renderApp, signInAs } from '../../src/testing/renderApp';
import { rowOf } from '../../src/testing/queries';

describe('users (ORG_ADMIN)', { timeout: 25_000 }, () => {
  test('the list shows name, email, role, identity, groups, status and last sign-in', async () => {
    const log = logRequests();
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/users');
    expect(await screen.findByRole('heading', { name: 'Users', level: 1 })).toBeInTheDocument();
    await screen.findByText('ada@acme.example');
    const ada = rowOf('ada@acme.example');
    expect(within(ada).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(ada).getByText('User')).toBeInTheDocument();
    expect(within(ada).getByText('Local')).toBeInTheDocument();
    expect(await within(ada).findByText('Analysts')).toBeInTheDocument();
    expect(within(ada).getByText('Enabled')).toBeInTheDocument();
    expect(within(ada).getByText('Mar 3, 2026, 07:45', { exact: false })).toBeInTheDocument();
    const alan = rowOf('alan@acme.example');
    expect(within(alan).getByText('Federated')).toBeInTheDocument();
    expect(within(alan).getByText('Disabled')).toBeInTheDocument();
    expect(within(rowOf('grace@acme.example')).getByText('Never')).toBeInTheDocument();
    expect(within(rowOf('grace@acme.example')).getByText('Organization admin')).toBeInTheDocument();
    expect(listCalls(log, '/api/v1/users')[0]?.list).toEqual({ sort: ['LastName', 'ASC'], range: [0, 9], filter: {} });
  });

  test('filters search, Role, Enabled and Group on the server', async () => {
    const log = logRequests();
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/users');
    await screen.findByText('ada@acme.example');
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Disabled' }));
    await waitFor(() => expect(listCalls(log, '/api/v1/users').at(-1)?.list.filter).toEqual({ Enabled: false }));
    await waitFor(() => expect(screen.queryByText('ada@acme.example')).not.toBeInTheDocument());
    expect(screen.getByText('alan@acme.example')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Role' }));
    await userEvent.click(await screen.findByRole('option', { name: 'User' }));
    await waitFor(() => expect(listCalls(log, '/api/v1/users').at(-1)?.list.filter).toEqual({ Enabled: false, Role: 4 }));

    await userEvent.type(screen.getByPlaceholderText('Search name or email'), 'tur');
    await waitFor(() => expect(listCalls(log, '/api/v1/users').at(-1)?.list.filter).toEqual({ Enabled: false, Role: 4, q: 'tur' }));
  });

  test('the Group filter asks the server for the members of a group', async () => {
    const log = logRequests();
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/users');
    await screen.findByText('ada@acme.example');
    await userEvent.click(screen.getByRole('combobox', { name: 'Group' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Analysts' }));
    await waitFor(() => expect(listCalls(log, '/api/v1/users').at(-1)?.list.filter).toEqual({ GroupId: 'grp_analysts' }));
    await waitFor(() => expect(screen.queryByText('grace@acme.example')).not.toBeInTheDocument());
    expect(screen.getByText('ada@acme.example')).toBeInTheDocument();
  });

  test('empty state', async () => {
    tenancyMockState().users = [];
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/users');
    expect(await screen.findByText('No users yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New user' })).toBeInTheDocument();
  });

  test('create validates with the domain schema', async () => {
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/users/create');
    await userEvent.type(await screen.findByLabelText('Email *'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText(/valid email/i)).toBeInTheDocument();
  });

  test('creating a local user shows the one-time set-up link with a copy button, then returns to the list', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    let body: unknown;
    server.use(
      http.post('/api/v1/users', async ({ request }) => {
        body = await request.clone().json();
        return undefined;
      }),
    );
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/users/create');
    await userEvent.type(await screen.findByLabelText('First name *'), 'Katherine');
    await userEvent.type(screen.getByLabelText('Last name *'), 'Johnson');
    await userEvent.type(screen.getByLabelText('Email *'), 'katherine@acme.example');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Set-up link for Katherine Johnson' });
    expect(within(dialog).getByRole('textbox', { name: 'Set-up link' })).toHaveTextContent(MOCK_SETUP_LINK);
    expect(dialog).toHaveTextContent('This link is shown once.');
    expect(body).toEqual({ FirstName: 'Katherine', LastName: 'Johnson', Email: 'katherine@acme.example', Role: 4, IdentityType: 1, GroupIds: [], Enabled: true });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy set-up link' }));
    expect(writeText).toHaveBeenCalledWith(MOCK_SETUP_LINK);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/users'));
    expect(await screen.findByText('katherine@acme.example')).toBeInTheDocument();
  });

  test('edit shows the last sign-in, and the server refusing self-disable shows its field error', async () => {
    server.use(
      http.put('/api/v1/users/:id', () =>
        HttpResponse.json(buildApiError('You cannot disable yourself or change your own role.', { Enabled: 'You cannot disable yourself' }), { status: 400 }),
      ),
    );
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/users/usr_ada');
    expect(await screen.findByDisplayValue('Ada')).toBeInTheDocument();
    expect(screen.getByText('Last sign-in')).toBeInTheDocument();
    expect(screen.getByText('Mar 3, 2026', { exact: false })).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Enabled'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You cannot disable yourself')).toBeInTheDocument();
    expect(await screen.findByText('You cannot disable yourself or change your own role.')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/admin/users/usr_ada');
  });

  test('what is typed while the record is fetched again behind its cached copy is kept, beside what changed', async () => {
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/users');
    await userEvent.click(await within(await screen.findByRole('row', { name: /ada@acme\.example/ })).findByText('ada@acme.example'));
    expect(await screen.findByDisplayValue('Ada')).toBeInTheDocument();
    window.history.back();
    // The record again: its cached copy shows at once, and the server's answer comes while the person types.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let answered: () => void = () => undefined;
    const refetched = new Promise<void>((resolve) => (answered = resolve));
    server.use(
      http.get(
        '/api/v1/users/:id',
        async ({ params }) => {
          await held;
          setTimeout(answered, 50);
          // Changed meanwhile (she signed in): the answer differs from the cached copy, so the form takes it.
          return HttpResponse.json({ ...tenancyMockState().users.find((user) => user.id === params.id), LastLoginAt: '2026-03-20T08:00:00.000Z' });
        },
        { once: true },
      ),
    );
    await userEvent.click(await within(await screen.findByRole('row', { name: /ada@acme\.example/ })).findByText('ada@acme.example'));
    const lastName = await screen.findByRole('textbox', { name: /^Last name/ });
    await waitFor(() => expect(lastName).not.toHaveValue(''));
    await userEvent.clear(lastName);
    await userEvent.type(lastName, 'Byron');
    release();
    await refetched;
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Last name/ })).toHaveValue('Byron'));
    // Still there once the answer has been rendered, beside what the answer changed.
    expect(await screen.findByText('Mar 20, 2026', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Last name/ })).toHaveValue('Byron');
  });

  test('delete asks for confirmation', async () => {
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/users');
    await screen.findByText('alan@acme.example');
    await userEvent.click(within(rowOf('alan@acme.example')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('User deleted')).toBeInTheDocument();
    expect(tenancyMockState().users.map((user) => user.Email)).not.toContain('alan@acme.example');
  });
});
