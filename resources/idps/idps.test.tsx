import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { expect, test, vi } from 'vitest';
import { GOOGLE_ISSUER, Role } from '../../domain';
import { identityMockState } from '../../mocks/identityHandlers';
import { MOCK_ORIGIN } from '../../mocks/identityBuilders';
import { server } from '../../mocks/node';
import { renderApp, signInAs } from '../../src/testing/renderApp';
import { captureBodies } from '../../mocks/requestLog';

vi.setConfig({ testTimeout: 30_000 });

test('the list shows name, preset, issuer and whether it is enabled', async () => {
  signInAs(Role.ORG_ADMIN);
  renderApp('/admin/idps');
  const row = (await screen.findByText('Corporate SSO')).closest('tr')!;
  expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Name', 'Preset', 'Issuer', 'Enabled']);
  expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Corporate SSO', 'OpenID Connect', 'https://login.example.com', 'Enabled']);
});

test('the Google Workspace preset fills in and locks the issuer; the secret is required on create', async () => {
  const user = userEvent.setup();
  signInAs(Role.ORG_ADMIN);
  const bodies = captureBodies('POST', /^\/api\/v1\/idps$/);
  renderApp('/admin/idps/create');

  await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Google');
  await user.click(screen.getByRole('combobox', { name: 'Preset' }));
  await user.click(await screen.findByRole('option', { name: 'Google Workspace' }));
  const issuer = screen.getByRole('textbox', { name: 'Issuer' });
  await waitFor(() => expect(issuer).toHaveValue(GOOGLE_ISSUER));
  expect(issuer).toHaveAttribute('readonly');
  expect(screen.getByText('The callback URL to register at your provider appears here after saving.')).toBeInTheDocument();

  await user.type(screen.getByRole('textbox', { name: 'Client ID' }), 'client-123.apps.googleusercontent.com');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Client secret is required')).toBeInTheDocument();
  expect(bodies).toEqual([]);

  const secret = screen.getByLabelText('Client secret', { selector: 'input' });
  expect(secret).toHaveAttribute('type', 'password');
  await user.type(secret, 'super-secret');
  await user.click(screen.getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(bodies).toHaveLength(1));
  expect(bodies[0]).toMatchObject({ Name: 'Google', Preset: 'google', Issuer: GOOGLE_ISSUER, ClientSecret: 'super-secret', Scopes: 'openid email profile', Enabled: true });
  expect(bodies[0]).not.toHaveProperty('CallbackUrl');
  // Saved providers open in their edit page, where the callback URL is shown.
  expect(await screen.findByText(`${MOCK_ORIGIN}/auth/idp_1/callback`)).toBeInTheDocument();
});

test('on edit the secret is write-only: never shown, "A secret is stored", empty keeps it; the callback URL can be copied', async () => {
  const user = userEvent.setup();
  signInAs(Role.ORG_ADMIN);
  const bodies = captureBodies('PUT', /^\/api\/v1\/idps\//);
  renderApp('/admin/idps/idp_corporate');

  expect(await screen.findByText('A secret is stored')).toBeInTheDocument();
  const secret = screen.getByLabelText('Client secret', { selector: 'input' });
  expect(secret).toHaveAttribute('type', 'password');
  expect(secret).toHaveValue('');
  expect(screen.getByText('Leave empty to keep the stored secret.')).toBeInTheDocument();

  const callback = `${MOCK_ORIGIN}/auth/idp_corporate/callback`;
  expect(screen.getByRole('textbox', { name: 'Callback URL' })).toHaveTextContent(callback);
  expect(screen.getByText('Register this redirect URI at your provider.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Copy callback url' }));
  expect(await navigator.clipboard.readText()).toBe(callback);

  await user.click(screen.getByRole('button', { name: 'Add' }));
  const claimValues = await screen.findAllByRole('textbox', { name: 'Claim value' });
  await user.type(claimValues[0]!, 'console-admins');
  await user.click(screen.getAllByRole('combobox', { name: 'Role' })[0]!);
  await user.click(await screen.findByRole('option', { name: 'Organization admin' }));
  await user.click(screen.getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(bodies).toHaveLength(1));
  expect(bodies[0]!.ClientSecret ?? null).toBeNull();
  expect(bodies[0]!.RoleMapping).toEqual([{ ClaimValue: 'console-admins', Role: Role.ORG_ADMIN }]);
  await waitFor(() => expect(window.location.pathname).toBe('/admin/idps'));
});

test('delete asks first', async () => {
  signInAs(Role.ORG_ADMIN);
  renderApp('/admin/idps/idp_corporate');
  await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
  await userEvent.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(identityMockState().idps).toEqual([]));
  await waitFor(() => expect(window.location.pathname).toBe('/admin/idps'));
});

test('a customer admin picks one of their organizations and sees it in the list', async () => {
  const user = userEvent.setup();
  signInAs(Role.CUSTOMER_ADMIN);
  const organizations = [
    { id: 'org_acme_research', Name: 'Acme Research' },
    { id: 'org_acme_sales', Name: 'Acme Sales' },
  ];
  server.use(
    http.get('/api/v1/organizations', () => HttpResponse.json(organizations, { headers: { 'Content-Range': 'organizations 0-1/2' } })),
  );
  const bodies = captureBodies('POST', /^\/api\/v1\/idps$/);
  renderApp('/admin/idps');

  const row = (await screen.findByText('Corporate SSO')).closest('tr')!;
  expect(await within(row).findByText('Acme Research')).toBeInTheDocument();
  expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Name', 'Preset', 'Issuer', 'Enabled', 'Organization']);

  await user.click(screen.getByRole('link', { name: 'New provider' }));
  await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Sales SSO');
  await user.type(screen.getByRole('textbox', { name: 'Issuer' }), 'https://sso.sales.example.com');
  await user.type(screen.getByRole('textbox', { name: 'Client ID' }), 'sales');
  await user.type(screen.getByLabelText('Client secret', { selector: 'input' }), 'sales-secret');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Organization is required')).toBeInTheDocument();

  await user.click(screen.getByRole('combobox', { name: 'Organization' }));
  await user.click(await screen.findByRole('option', { name: 'Acme Sales' }));
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(bodies).toHaveLength(1));
  expect(bodies[0]).toMatchObject({ Name: 'Sales SSO', OrganizationId: 'org_acme_sales', Issuer: 'https://sso.sales.example.com' });
});
