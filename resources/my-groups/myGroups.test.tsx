import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, test, vi } from 'vitest';
import { Role } from '../../domain';
import { buildGroupRecord } from '../../mocks/identityBuilders';
import { server } from '../../mocks/node';
import { renderApp, signInAs } from '../../src/testing/renderApp';

vi.setConfig({ testTimeout: 30_000 });

test('a user sees the groups they belong to, read-only', async () => {
  signInAs(Role.USER);
  const groups = [buildGroupRecord(), buildGroupRecord({ id: 'grp_sales', Name: 'Sales', Description: null })];
  server.use(http.get('/api/v1/groups', () => HttpResponse.json(groups, { headers: { 'Content-Range': 'groups 0-1/2' } })));
  renderApp('/groups');

  const row = (await screen.findByText('Research')).closest('tr')!;
  expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Name', 'Description']);
  expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Research', 'People who run company research']);
  expect(within(screen.getByText('Sales').closest('tr')!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Sales', '—']);
  expect(screen.queryByRole('link', { name: /create/i })).not.toBeInTheDocument();
});

test('without groups the page says so', async () => {
  signInAs(Role.USER);
  server.use(http.get('/api/v1/groups', () => HttpResponse.json([], { headers: { 'Content-Range': 'groups 0-0/0' } })));
  renderApp('/groups');
  expect(await screen.findByText('You are not in any group yet')).toBeInTheDocument();
});
