import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { Role } from '../../domain';
import { listCalls, logRequests } from '../../mocks/requestLog';
import { tenancyMockState } from '../../mocks/tenancyHandlers';
import { renderApp, signInAs } from '../../src/testing/renderApp';
import { diffAuditSnapshots, humanFieldName } from './auditDiff';

describe('audit log', { timeout: 20_000 }, () => {
  test('lists at, actor, action, resource and summary, newest first, filtered by the URL and searchable', async () => {
    const log = logRequests();
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/audit-log?filter=%7B%22Resource%22%3A%22groups%22%7D');
    expect(await screen.findByRole('heading', { name: 'Audit log', level: 1 })).toBeInTheDocument();
    const row = (await screen.findByText('Updated group Analysts')).closest('tr')!;
    expect(within(row).getByText('Mar 1, 2026', { exact: false })).toBeInTheDocument();
    expect(within(row).getByText('org.admin@example.com')).toBeInTheDocument();
    expect(within(row).getByText('Updated')).toBeInTheDocument();
    expect(within(row).getByText('Groups')).toBeInTheDocument();
    expect(screen.queryByText('Created user ada@acme.example')).not.toBeInTheDocument();
    expect(listCalls(log, '/api/v1/audit-log')[0]?.list).toEqual({ sort: ['At', 'DESC'], range: [0, 9], filter: { Resource: 'groups' } });

    await userEvent.type(screen.getByPlaceholderText('Search summary or actor'), 'analysts');
    await waitFor(() => expect(listCalls(log, '/api/v1/audit-log').at(-1)?.list.filter).toEqual({ Resource: 'groups', q: 'analysts' }));
  });

  test('empty state', async () => {
    tenancyMockState().audit = [];
    signInAs(Role.CUSTOMER_ADMIN);
    renderApp('/admin/audit-log');
    expect(await screen.findByText('No changes recorded yet')).toBeInTheDocument();
  });

  test('the diff lists every field once, flags the changed ones and shows a deletion against nothing', () => {
    expect(diffAuditSnapshots({ id: 'g', Name: 'A', MemberIds: ['u1'] }, { id: 'g', Name: 'B', MemberIds: ['u1', 'u2'] })).toEqual([
      { field: 'Name', before: 'A', after: 'B', changed: true },
      { field: 'MemberIds', before: 'u1', after: 'u1, u2', changed: true },
      { field: 'id', before: 'g', after: 'g', changed: false },
    ]);
    expect(diffAuditSnapshots({ Enabled: true }, null)).toEqual([{ field: 'Enabled', before: 'Yes', after: '—', changed: true }]);
    expect(humanFieldName('LastSyncAt')).toBe('Last sync at');
  });
});
