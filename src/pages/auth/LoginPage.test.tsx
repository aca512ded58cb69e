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
    await signIn('customer.admin@example.com', MOCK_PASSWORD);

    await waitFor(() => expect(window.location.pathname).toBe('/admin/organizations'));
    const stored = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? '{}');
    expect(stored).toMatchObject({ Role: Role.CUSTOMER_ADMIN, CustomerId: 'cus_acme', OrganizationId: null });
    expect(await screen.findByTestId('organization-name')).toHaveTextContent('Acme Holdings');
  });

  test('a refused sign-in shows the server message and stays', async () => {
    renderApp('/login');
    await signIn('org.admin@example.com', 'not the password');

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
    await signIn('org.admin@example.com', 'whatever');
    expect(await screen.findByText('Too many failed sign-in attempts. Try again in 15 minutes.')).toBeInTheDocument();
  });

  test('field messages from the server land on the fields', async () => {
    server.use(
      http.post('/api/v1/auth/login', () =>
        HttpResponse.json(buildApiError('Some fields need attention.', { Email: 'This address is blocked' }), { status: 400 }),
      ),
    );
    renderApp('/login');
    await signIn('org.admin@example.com', 'whatever');
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

  test('one button per configured identity provider, and the way to a new password', async () => {
    mockIdentityProviders([
      buildIdentityProvider(),
      buildIdentityProvider({ id: 'idp_entra', Name: 'Microsoft Entra ID', LoginUrl: '/auth/oidc/idp_entra/start' }),
    ]);
    renderApp('/login');

    expect(await screen.findByRole('link', { name: 'Sign in with Google Workspace' })).toHaveAttribute(
      'href',
      '/auth/oidc/idp_workspace/start',
    );
    expect(screen.getByRole('link', { name: 'Sign in with Microsoft Entra ID' })).toHaveAttribute(
      'href',
      '/auth/oidc/idp_entra/start',
    );
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password');
  });

  test('no provider configured, no provider button', async () => {
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in' });
    await waitFor(() => expect(screen.queryByRole('link', { name: /^Sign in with/ })).not.toBeInTheDocument());
  });
});
