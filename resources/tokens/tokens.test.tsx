import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { expect, test, vi } from 'vitest';
import { Role } from '../../domain';
import { identityMockState } from '../../mocks/identityHandlers';
import { server } from '../../mocks/node';
import { renderApp, signInAs } from '../../src/testing/renderApp';

// Whole-app renders with react-admin forms take a few seconds under a parallel run.
vi.setConfig({ testTimeout: 30_000 });

test('the expiry choices are exactly those of §9, in order', async () => {
  signInAs(Role.USER);
  renderApp('/tokens/create');
  await userEvent.click(await screen.findByRole('combobox', { name: 'Expiry' }));
  const options = within(await screen.findByRole('listbox')).getAllByRole('option');
  expect(options.map((option) => option.textContent)).toEqual(['Never', '7 days', '30 days', '60 days', '90 days', '180 days', '365 days']);
});

test('creating a token shows its secret once, with a copy button and a curl example, then lists it masked', async () => {
  const user = userEvent.setup();
  signInAs(Role.USER);
  let body: unknown;
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'POST' && request.url.endsWith('/api/v1/tokens')) void request.clone().json().then((json) => (body = json));
  });
  renderApp('/tokens/create');

  await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Nightly export');
  await user.click(screen.getByRole('combobox', { name: 'Expiry' }));
  await user.click(await screen.findByRole('option', { name: 'Never' }));
  await user.click(screen.getByRole('button', { name: 'Save' }));

  const dialog = await screen.findByRole('dialog', { name: 'Access token "Nightly export" created' });
  await waitFor(() => expect(body).toEqual({ Name: 'Nightly export', ExpiryDays: 0, Scopes: ['gateway'] }));
  const secret = within(dialog).getByRole('textbox', { name: 'Secret' }).textContent!;
  expect(secret).toMatch(/^gck_[0-9a-f]{32}$/);
  expect(dialog).toHaveTextContent('It is shown only once');
  expect(within(dialog).getByRole('textbox', { name: 'Example request' })).toHaveTextContent(
    `curl -H "Authorization: Bearer ${secret}" ${window.location.origin}/api/v1/openai/models`,
  );

  await user.click(within(dialog).getByRole('button', { name: 'Copy secret' }));
  expect(await navigator.clipboard.readText()).toBe(secret);

  await user.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
  await waitFor(() => expect(window.location.pathname).toBe('/tokens'));
  const row = (await screen.findByText('Nightly export')).closest('tr')!;
  expect(row).toHaveTextContent(`${secret.slice(0, 10)}…`);
  expect(row).toHaveTextContent('Never');
  expect(document.body).not.toHaveTextContent(secret);
});

test('scopes default to the gateway; the admin API is chosen, must expire, and limits are sent and listed', async () => {
  const user = userEvent.setup();
  signInAs(Role.ORG_ADMIN);
  const bodies: unknown[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'POST' && request.url.endsWith('/api/v1/tokens')) void request.clone().json().then((json) => bodies.push(json));
  });
  renderApp('/tokens/create');

  await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Admin script');
  const scopes = screen.getByRole('group', { name: 'Scopes' });
  expect(within(scopes).getByRole('checkbox', { name: 'Gateway' })).toBeChecked();
  expect(within(scopes).getByRole('checkbox', { name: 'Admin API' })).not.toBeChecked();
  await user.click(within(scopes).getByRole('checkbox', { name: 'Admin API' }));
  await user.click(screen.getByRole('combobox', { name: 'Expiry' }));
  await user.click(await screen.findByRole('option', { name: 'Never' }));
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('A token with the admin scope must expire: choose 7 to 365 days')).toBeInTheDocument();
  expect(bodies).toEqual([]);

  await user.click(screen.getByRole('combobox', { name: 'Expiry' }));
  await user.click(await screen.findByRole('option', { name: '7 days' }));
  await user.type(screen.getByRole('spinbutton', { name: 'Requests per minute' }), '10');
  await user.type(screen.getByRole('spinbutton', { name: 'Tokens per minute' }), '5000');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  const dialog = await screen.findByRole('dialog', { name: 'Access token "Admin script" created' });
  expect(bodies).toEqual([{ Name: 'Admin script', ExpiryDays: 7, Scopes: ['gateway', 'admin'], RequestsPerMinute: 10, TokensPerMinute: 5000 }]);
  await user.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
  const row = (await screen.findByText('Admin script')).closest('tr')!;
  expect(row).toHaveTextContent('Gateway, Admin API');
  expect(row).toHaveTextContent('10 requests a minute, 5,000 tokens a minute');
});

test('a token without a name is not sent; the form names the problem', async () => {
  signInAs(Role.ORG_ADMIN);
  renderApp('/tokens/create');
  await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), '   ');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Name is required')).toBeInTheDocument();
  expect(identityMockState().tokens).toHaveLength(1);
});

test('the list shows name, masked token, status, dates; revoke asks first and the token stays listed, revoked', async () => {
  signInAs(Role.USER);
  renderApp('/tokens');

  const row = (await screen.findByText('Reporting script')).closest('tr')!;
  const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
  expect(headers).toEqual(['Name', 'Token', 'Scopes', 'Status', 'Created', 'Expires', 'Last used', 'Rate limit', 'Actions']);
  expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
    'Reporting script',
    'gck_a1b2c3…',
    'Gateway',
    'Active',
    'March 2, 2026',
    'April 1, 2026',
    'Never used',
    "Organization's",
    'Revoke',
  ]);

  await userEvent.click(within(row).getByRole('button', { name: 'Revoke' }));
  const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
  await userEvent.click(within(confirm).getByRole('button', { name: 'OK' }));

  await waitFor(() => expect(within(row).getByText('Revoked')).toBeInTheDocument());
  expect(within(row).queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();
  expect(await screen.findByText('Access token "Reporting script" revoked')).toBeInTheDocument();
});

test('a server refusal of a revoke shows its message and keeps the token active', async () => {
  signInAs(Role.USER);
  server.use(http.delete('/api/v1/tokens/:id', () => HttpResponse.json({ message: 'The access token was not found.' }, { status: 404 })));
  renderApp('/tokens');
  const row = (await screen.findByText('Reporting script')).closest('tr')!;
  await userEvent.click(within(row).getByRole('button', { name: 'Revoke' }));
  await userEvent.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'OK' }));
  expect(await screen.findByText('The access token was not found.')).toBeInTheDocument();
  expect(within(row).getByText('Active')).toBeInTheDocument();
});

test('without tokens the page explains them and offers to create one', async () => {
  signInAs(Role.USER);
  server.use(http.get('/api/v1/tokens', () => HttpResponse.json([], { headers: { 'Content-Range': 'tokens 0-0/0' } })));
  renderApp('/tokens');
  expect(await screen.findByText('No access tokens yet')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'New token' })).toHaveAttribute('href', '/tokens/create');
});
