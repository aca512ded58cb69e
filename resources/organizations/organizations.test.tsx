import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { LastSyncStatus, Role } from '../../domain';
import { buildApiError } from '../../mocks/builders';
import { server } from '../../mocks/node';
import { listCalls, logRequests } from '../../mocks/requestLog';
import { tenancyMockState } from '../../mocks/tenancyHandlers';
import { renderApp, signInAs } from '../../src/testing/renderApp';
import { rowOf } from '../../src/testing/queries';

describe('organizations (CUSTOMER_ADMIN)', { timeout: 20_000 }, () => {
  test('the list shows name, domain, users and the last-sync chip, paged and sorted on the server', async () => {
    const log = logRequests();
    signInAs(Role.CUSTOMER_ADMIN);
    renderApp('/admin/organizations');
    expect(await screen.findByRole('heading', { name: 'Organizations', level: 1 })).toBeInTheDocument();
    await screen.findByText('Acme Sales');
    const research = rowOf('Acme Research');
    expect(within(research).getByText('research.acme.example')).toBeInTheDocument();
    expect(within(research).getByText('3')).toBeInTheDocument();
    expect(within(research).getByText('Unknown')).toBeInTheDocument();
    expect(within(rowOf('Acme Sales')).getByText('Completed')).toBeInTheDocument();
    expect(listCalls(log, '/api/v1/organizations')[0]?.list).toEqual({ sort: ['Name', 'ASC'], range: [0, 9], filter: {} });

    await userEvent.hover(within(rowOf('Acme Sales')).getByText('Completed'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Last sync Mar 4, 2026');
    expect(screen.getByRole('tooltip')).toHaveTextContent('Synced 12 documents.');

    await userEvent.type(screen.getByPlaceholderText('Search organizations'), 'sales');
    await waitFor(() => expect(listCalls(log, '/api/v1/organizations').at(-1)?.list.filter).toEqual({ q: 'sales' }));
  });

  test('without organizations the empty state invites to create one', async () => {
    tenancyMockState().organizations = [];
    signInAs(Role.CUSTOMER_ADMIN);
    renderApp('/admin/organizations');
    expect(await screen.findByText('No organizations yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New organization' })).toBeInTheDocument();
  });

  test('Sync starts the job, polls it about every second with progress, then refreshes the row', async () => {
    const log = logRequests();
    signInAs(Role.CUSTOMER_ADMIN);
    renderApp('/admin/organizations');
    await screen.findByText('Acme Research');
    await userEvent.click(within(rowOf('Acme Research')).getByRole('button', { name: 'Sync Acme Research' }));

    expect(await screen.findByText('Sync of Acme Research started')).toBeInTheDocument();
    expect(await within(rowOf('Acme Research')).findByRole('button', { name: 'Syncing Acme Research: 50%' })).toBeDisabled();
    expect(await screen.findByText('Sync of Acme Research completed: Synced 3 documents.', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(await within(rowOf('Acme Research')).findByText('Completed')).toBeInTheDocument();
    expect(within(rowOf('Acme Research')).getByRole('button', { name: 'Sync Acme Research' })).toBeEnabled();

    const posts = log.filter((entry) => entry.method === 'POST');
    expect(posts.map((entry) => entry.url.pathname)).toEqual(['/api/v1/organizations/org_acme_research/cdr/sync']);
    const polls = log.filter((entry) => entry.url.pathname.startsWith('/api/v1/jobs/'));
    expect(polls).toHaveLength(2);
    expect(tenancyMockState().organizations.find((item) => item.id === 'org_acme_research')?.LastSyncStatus).toBe(LastSyncStatus.COMPLETED);
  });

  test('a sync already running (409) is a toast', async () => {
    server.use(
      http.post('/api/v1/organizations/:id/cdr/sync', () => HttpResponse.json(buildApiError('A sync of this organization is already running.'), { status: 409 })),
    );
    signInAs(Role.CUSTOMER_ADMIN);
    renderApp('/admin/organizations');
    await screen.findByText('Acme Sales');
    await userEvent.click(within(rowOf('Acme Sales')).getByRole('button', { name: 'Sync Acme Sales' }));
    expect(await screen.findByText('A sync of this organization is already running.')).toBeInTheDocument();
    expect(within(rowOf('Acme Sales')).getByRole('button', { name: 'Sync Acme Sales' })).toBeEnabled();
  });

  test('create validates the name and the domain with the domain schema, then shows server field errors', async () => {
    signInAs(Role.CUSTOMER_ADMIN);
    renderApp('/admin/organizations/create');
    await userEvent.type(await screen.findByLabelText('Domain'), 'not a domain');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Domain must look like example.com')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Name *'), 'Acme Sales');
    await userEvent.clear(screen.getByLabelText('Domain'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('An organization with this name already exists')).toBeInTheDocument();
    expect(await screen.findByText('An organization with this name already exists.')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Name *'));
    await userEvent.type(screen.getByLabelText('Name *'), 'Acme Labs');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Organization created')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/admin/organizations'));
    expect(tenancyMockState().organizations.map((item) => item.Name)).toContain('Acme Labs');
  });

  test('delete asks for confirmation before deleting', async () => {
    signInAs(Role.CUSTOMER_ADMIN);
    renderApp('/admin/organizations');
    await screen.findByText('Acme Sales');
    await userEvent.click(within(rowOf('Acme Sales')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(tenancyMockState().organizations).toHaveLength(2);
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Organization deleted')).toBeInTheDocument();
    expect(tenancyMockState().organizations.map((item) => item.Name)).toEqual(['Acme Research']);
  });
});
