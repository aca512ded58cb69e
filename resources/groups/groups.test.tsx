import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { Role } from '../../domain';
import { listCalls, logRequests } from '../../mocks/requestLog';
import { tenancyMockState } from '../../mocks/tenancyHandlers';
import { renderApp, signInAs } from '../../src/testing/renderApp';
import { rowOf } from '../../src/testing/queries';

describe('groups (ORG_ADMIN)', { timeout: 25_000 }, () => {
  test('the list shows name, description, identity and the member count, sorted and searched on the server', async () => {
    const log = logRequests();
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/groups');
    expect(await screen.findByRole('heading', { name: 'Groups', level: 1 })).toBeInTheDocument();
    await screen.findByText('Builders');
    const analysts = rowOf('Analysts');
    expect(within(analysts).getByText('Research analysts')).toBeInTheDocument();
    expect(within(analysts).getByText('Local')).toBeInTheDocument();
    expect(within(analysts).getByText('1')).toBeInTheDocument();
    expect(within(rowOf('Builders')).getByText('0')).toBeInTheDocument();
    expect(listCalls(log, '/api/v1/groups')[0]?.list).toEqual({ sort: ['Name', 'ASC'], range: [0, 9], filter: {} });
    await userEvent.type(screen.getByPlaceholderText('Search groups'), 'build');
    await waitFor(() => expect(listCalls(log, '/api/v1/groups').at(-1)?.list.filter).toEqual({ q: 'build' }));
  });

  test('empty state', async () => {
    tenancyMockState().groups = [];
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/groups');
    expect(await screen.findByText('No groups yet')).toBeInTheDocument();
  });

  test('create validates the name, then creates the group with a member picked by autocomplete', async () => {
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/groups/create');
    await userEvent.type(await screen.findByLabelText('Description'), 'Reviews policies');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Name *'), 'Reviewers');
    await userEvent.type(screen.getByRole('combobox', { name: 'Members' }), 'grace');
    await userEvent.click(await screen.findByRole('option', { name: 'Grace Hopper (grace@acme.example)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Group created')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/admin/groups'));
    const created = tenancyMockState().groups.find((group) => group.Name === 'Reviewers');
    expect(created).toMatchObject({ MemberIds: ['usr_grace'], MemberCount: 1, IdentityType: 1 });
  });

  test('edit shows the members and the history; an entry opens its before/after diff', async () => {
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/groups/grp_analysts');
    expect(await screen.findByDisplayValue('Analysts')).toBeInTheDocument();
    expect(await screen.findByText('Ada Lovelace (ada@acme.example)')).toBeInTheDocument();
    const history = screen.getByRole('complementary', { name: 'History' });
    await userEvent.click(await within(history).findByText('Updated group Analysts'));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/audit-log/aud_1/show'));
    const changes = await screen.findByRole('table', { name: 'Changes' });
    const nameRow = within(changes).getByRole('rowheader', { name: /Name/ }).closest('tr')!;
    expect(nameRow).toHaveAttribute('data-changed', 'true');
    expect(nameRow).toHaveTextContent('Analyst');
    expect(nameRow).toHaveTextContent('Analysts');
    const descriptionRow = within(changes).getByRole('rowheader', { name: 'Description' }).closest('tr')!;
    expect(descriptionRow).not.toHaveAttribute('data-changed');
  });

  test('delete asks for confirmation', async () => {
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/groups/grp_builders');
    await screen.findByDisplayValue('Builders');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Group deleted')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/admin/groups'));
    expect(tenancyMockState().groups.map((group) => group.Name)).toEqual(['Analysts']);
  });
});
