import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { DEFAULT_TITLE, Role } from '../../domain';
import { buildApiError, buildMeta } from '../../mocks/builders';
import { mockMeta } from '../../mocks/handlers';
import { server } from '../../mocks/node';
import { renderApp, signInAs } from '../testing/renderApp';

/** MUI 7 paints the app bar through a CSS variable set to the primary colour. */
function appBarColor(banner: HTMLElement): string {
  return getComputedStyle(banner).getPropertyValue('--AppBar-background').trim();
}

describe('start-up and branding', () => {
  test('"please wait..." shows while the metadata loads', async () => {
    server.use(
      http.get('/api/v1/meta', async () => {
        await delay(200);
        return HttpResponse.json(buildMeta());
      }),
    );
    renderApp('/login');
    expect(screen.getByText('please wait...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByText('please wait...')).not.toBeInTheDocument();
  });

  test('applies the title, favicon, logo and theme colour of the metadata', async () => {
    mockMeta(
      buildMeta({
        Title: 'Northwind AI Gateway',
        Theme: { ThemeColor: '#AA3300', Favicon: '/brand/favicon.png', Logo: '/brand/logo.png' },
      }),
    );
    signInAs(Role.USER);
    renderApp('/chat');

    const banner = await screen.findByRole('banner');
    await waitFor(() => expect(document.title).toBe('Northwind AI Gateway'));
    expect(document.head.querySelector('link[rel~="icon"]')).toHaveAttribute('href', '/brand/favicon.png');
    expect(screen.getByRole('img', { name: 'Northwind AI Gateway' })).toHaveAttribute('src', '/brand/logo.png');
    expect(appBarColor(banner)).toBe('#AA3300');
  });

  test('the default theme colour is #3478F6', async () => {
    signInAs(Role.USER);
    renderApp('/chat');
    expect(appBarColor(await screen.findByRole('banner'))).toBe('#3478F6');
  });

  test('when /meta fails the title falls back to the default', async () => {
    document.title = 'stale';
    server.use(http.get('/api/v1/meta', () => HttpResponse.json(buildApiError('Boom'), { status: 500 })));
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(document.title).toBe(DEFAULT_TITLE);
  });

  test('the top bar shows the organization name', async () => {
    signInAs(Role.ORG_ADMIN);
    renderApp('/chat');
    expect(await screen.findByTestId('organization-name')).toHaveTextContent('Acme Research');
  });

  test('a product admin sees the title in the top bar', async () => {
    mockMeta(buildMeta({ Title: 'Northwind AI Gateway' }));
    signInAs(Role.PRODUCT_ADMIN);
    renderApp('/admin/customers');
    expect(await screen.findByTestId('organization-name')).toHaveTextContent('Northwind AI Gateway');
  });
});
