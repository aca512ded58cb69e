import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { AUTH_STORAGE_KEY, Role } from '../../../domain';
import { buildApiError, buildIdentityProvider, buildMeta } from '../../../mocks/builders';
import { MOCK_PASSWORD, mockIdentityProviders, mockMeta, WRONG_CREDENTIALS_MESSAGE } from '../../../mocks/handlers';
import { server } from '../../../mocks/node';
import { renderApp } from '../../testing/renderApp';

async function signIn(email: string, password: string) {
  await userEvent.type(await screen.findByLabelText('Email', { selector: 'input' }), email);
  await userEvent.type(screen.getByLabelText(/password/i, { selector: 'input' }), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('/login', () => {
  test('a successful sign-in stores AuthStorage and lands on the home page of the role', async () => {
    mockMeta(buildMeta({ DefaultHomePageRoute: '' }));
    renderApp('/login');
    await signIn('customer-admin@demo.test', MOCK_PASSWORD);

    await waitFor(() => expect(window.location.pathname).toBe('/admin/organizations'));
    const stored = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? '{}');
    expect(stored).toMatchObject({ Role: Role.CUSTOMER_ADMIN, CustomerId: 'cus_acme', OrganizationId: null });
    expect(await screen.findByTestId('organization-name')).toHaveTextContent('Acme Holdings');
  });

  test('a refused sign-in shows the server message and stays', async () => {
    renderApp('/login');
    await signIn('org-admin@demo.test', 'not the password');

    expect(await screen.findByText(WRONG_CREDENTIALS_MESSAGE)).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  test('too many attempts: the 429 message is shown', async () => {
    server.use(
      http.post('/api/v1/auth/login', () =>
        HttpResponse.json(buildApiError('Too many failed sign-in attempts. Try again in 15 minutes.'), { status: 429 }),
      ),
    );
    renderApp('/login');
    await signIn('org-admin@demo.test', 'whatever');
    expect(await screen.findByText('Too many failed sign-in attempts. Try again in 15 minutes.')).toBeInTheDocument();
  });

  test('field messages from the server land on the fields', async () => {
    server.use(
      http.post('/api/v1/auth/login', () =>
        HttpResponse.json(buildApiError('Some fields need attention.', { Email: 'This address is blocked' }), { status: 400 }),
      ),
    );
    renderApp('/login');
    await signIn('org-admin@demo.test', 'whatever');
    expect(await screen.findByText('Some fields need attention.')).toBeInTheDocument();
    expect(await screen.findByText('This address is blocked')).toBeInTheDocument();
  });

  test('checks the form before calling the server', async () => {
    let called = false;
    server.use(
      http.post('/api/v1/auth/login', () => {
        called = true;
        return HttpResponse.json(buildApiError('unexpected'), { status: 500 });
      }),
    );
    renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Email', { selector: 'input' }), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(called).toBe(false);
  });

  test('one button per identity provider of the domain of the typed address, and the way to a new password', async () => {
    mockIdentityProviders('example.com', [
      buildIdentityProvider(),
      buildIdentityProvider({ id: 'idp_entra', Name: 'Microsoft Entra ID', LoginUrl: '/auth/oidc/idp_entra/start' }),
    ]);
    mockIdentityProviders('other.test', [buildIdentityProvider({ id: 'idp_other', Name: 'Other SSO', LoginUrl: '/auth/idp_other/login' })]);
    const asked: string[] = [];
    const listener = ({ request }: { request: Request }) => {
      if (request.url.includes('/idps/configured')) asked.push(new URL(request.url).search);
    };
    server.events.on('request:start', listener);
    renderApp('/login');
    const email = await screen.findByLabelText('Email', { selector: 'input' });
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password');
    await userEvent.type(email, 'jane@example.com');
    expect(await screen.findByRole('link', { name: 'Sign in with Google Workspace' })).toHaveAttribute(
      'href',
      '/auth/oidc/idp_workspace/start',
    );
    expect(screen.getByRole('link', { name: 'Sign in with Microsoft Entra ID' })).toHaveAttribute(
      'href',
      '/auth/oidc/idp_entra/start',
    );
    expect(screen.queryByRole('link', { name: 'Sign in with Other SSO' })).not.toBeInTheDocument();
    // Only the domain is sent, never the address; and only once the address looks complete.
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((search) => search === '?domain=example.com')).toBe(true);

    await userEvent.clear(email);
    await userEvent.type(email, 'jane@other.test');
    expect(await screen.findByRole('link', { name: 'Sign in with Other SSO' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in with Google Workspace' })).not.toBeInTheDocument();
    server.events.removeListener('request:start', listener);
  });

  test('no provider for the domain, no provider button', async () => {
    mockIdentityProviders('example.com', [buildIdentityProvider()]);
    const answered: string[] = [];
    const listener = ({ request }: { request: Request }) => {
      if (request.url.includes('/idps/configured')) answered.push(new URL(request.url).search);
    };
    server.events.on('response:mocked', listener);
    renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Email', { selector: 'input' }), 'jane@elsewhere.test');
    await waitFor(() => expect(answered).toContain('?domain=elsewhere.test'));
    expect(screen.queryByRole('link', { name: /^Sign in with/ })).not.toBeInTheDocument();
    server.events.removeListener('response:mocked', listener);
  });
});
