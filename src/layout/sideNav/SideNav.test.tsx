import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { Role } from '../../../domain';
import { buildMeta } from '../../../mocks/builders';
import { mockMeta } from '../../../mocks/handlers';
import { renderApp, signInAs } from '../../testing/renderApp';

async function mainNavigation() {
  return screen.findByRole('navigation', { name: 'Main navigation' });
}

/** The labels and targets of the top-level entries, in order. */
function topLevelLinks(nav: HTMLElement) {
  return within(nav)
    .getAllByRole('link')
    .filter((link) => !link.closest('[aria-label$=" pages"]'))
    .map((link) => `${link.textContent} ${link.getAttribute('href')}`);
}

function childLinks(nav: HTMLElement, parentLabel: string) {
  const group = within(nav).getByRole('list', { name: `${parentLabel} pages` });
  return within(group)
    .getAllByRole('link')
    .map((link) => `${link.textContent} ${link.getAttribute('href')}`);
}

describe('side navigation per role', () => {
  test('ORG_ADMIN sees the admin menu with its children', async () => {
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/observability/dashboard');
    const nav = await mainNavigation();

    expect(topLevelLinks(nav)).toEqual([
      'Observability /admin/observability/dashboard',
      'Red Teaming /admin/red-teaming',
      'Users /admin/users',
      'Integrations and Data Sources /admin/idps',
      'Policies /admin/policies',
      'Apps /admin/apps',
      'Chat /chat',
    ]);
    expect(childLinks(nav, 'Observability')).toEqual([
      'Observability /admin/observability/dashboard',
      'Critical Events /admin/observability/critical-events',
      'Risk Assessment /admin/observability/risk-assessment',
      'Activity Monitor /admin/observability/user-activity',
    ]);

    await userEvent.click(within(nav).getByRole('button', { name: 'Expand Users' }));
    expect(childLinks(nav, 'Users')).toEqual(['Groups /admin/groups']);
    await userEvent.click(within(nav).getByRole('button', { name: 'Expand Integrations and Data Sources' }));
    expect(childLinks(nav, 'Integrations and Data Sources')).toEqual([
      'Directory/IDPs /admin/idps',
      'Language Models /admin/language-models',
      'Corporate Data Sources /admin/cdr',
      'Verification Sources /admin/verifier',
      'Protected Works /admin/protected-works',
    ]);
  });

  test('USER sees only Chat', async () => {
    signInAs(Role.USER);
    renderApp('/chat');
    expect(topLevelLinks(await mainNavigation())).toEqual(['Chat /chat']);
  });

  test('PRODUCT_ADMIN sees Customers', async () => {
    signInAs(Role.PRODUCT_ADMIN);
    renderApp('/admin/customers');
    expect(topLevelLinks(await mainNavigation())).toEqual(['Customers /admin/customers']);
  });

  test('CUSTOMER_ADMIN sees Organizations', async () => {
    signInAs(Role.CUSTOMER_ADMIN);
    renderApp('/admin/organizations');
    expect(topLevelLinks(await mainNavigation())).toEqual(['Organizations /admin/organizations']);
  });

  test('with VoraDashboard on, Dashboard replaces Observability', async () => {
    mockMeta(buildMeta({ Features: { VoraDashboard: true } }));
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/vora-dashboard');
    const nav = await mainNavigation();

    expect(topLevelLinks(nav)[0]).toBe('Dashboard /admin/vora-dashboard');
    expect(topLevelLinks(nav)).not.toContain('Observability /admin/observability/dashboard');
    expect(childLinks(nav, 'Dashboard')).toEqual([
      'Dashboard /admin/vora-dashboard',
      'Observability /admin/observability/dashboard',
      'Critical Events /admin/observability/critical-events',
      'Activity Monitor /admin/observability/user-activity',
    ]);
  });

  test('with VoraPDashboard on, a USER gets the Vora P dashboard and Chat', async () => {
    mockMeta(buildMeta({ Features: { VoraPDashboard: true } }));
    signInAs(Role.USER);
    renderApp('/admin/vora-p-dashboard');
    const nav = await mainNavigation();

    expect(topLevelLinks(nav)).toEqual(['Dashboard /admin/vora-p-dashboard', 'Chat /chat']);
    expect(childLinks(nav, 'Dashboard')).toEqual(['Dashboard /admin/vora-p-dashboard']);
  });

  test('shows the version from the metadata, 1.0.0 by default', async () => {
    mockMeta(buildMeta({ Version: '2.4.1' }));
    signInAs(Role.USER);
    renderApp('/chat');
    expect(await screen.findByTestId('app-version')).toHaveTextContent('Version 2.4.1');
  });

  test('the version defaults to 1.0.0', async () => {
    signInAs(Role.USER);
    renderApp('/chat');
    expect(await screen.findByTestId('app-version')).toHaveTextContent('Version 1.0.0');
  });

  test('the logo links to /', async () => {
    signInAs(Role.USER);
    renderApp('/chat');
    expect(await screen.findByRole('link', { name: 'AI Governance Console home' })).toHaveAttribute('href', '/');
  });
});

describe('active item', () => {
  test('a child path makes its parent active, opens it and marks the child as the current page', async () => {
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/groups/g7');
    const nav = await mainNavigation();

    expect(childLinks(nav, 'Users')).toEqual(['Groups /admin/groups']);
    expect(within(nav).getByRole('link', { name: 'Groups' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Users' })).not.toHaveAttribute('aria-current');
    expect(within(nav).queryByRole('list', { name: 'Observability pages' })).not.toBeInTheDocument();
  });

  test('the item itself is current on its own path and below it', async () => {
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/policies/p1');
    const nav = await mainNavigation();

    expect(within(nav).getByRole('link', { name: 'Policies' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page')).toHaveLength(1);
  });

  test('the first matching item wins: /admin/idps is Integrations, its child Directory/IDPs is current', async () => {
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/idps');
    const nav = await mainNavigation();

    expect(within(nav).getByRole('link', { name: 'Directory/IDPs' })).toHaveAttribute('aria-current', 'page');
  });

  test('no item is active on a page outside the menu', async () => {
    signInAs(Role.ORG_ADMIN);
    renderApp('/profile');
    const nav = await mainNavigation();
    expect(within(nav).queryAllByRole('link').filter((link) => link.hasAttribute('aria-current'))).toEqual([]);
  });
});
