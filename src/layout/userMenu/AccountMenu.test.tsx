import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { AUTH_STORAGE_KEY, Role } from '../../../domain';
import { renderApp, signInAs } from '../../testing/renderApp';
import { stubLocationAssign } from '../../testing/stubLocationAssign';

async function openAccountMenu(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Account menu of ${name}` }));
  return screen.findByRole('menu');
}

const itemLabels = (menu: HTMLElement) => within(menu).getAllByRole('menuitem').map((item) => item.textContent);

describe('user menu', () => {
  test('shows the display name, falling back to first and last name, with initials', async () => {
    signInAs(Role.USER, { Name: '', FirstName: 'grace', LastName: 'hopper' });
    renderApp('/chat');
    const button = await screen.findByRole('button', { name: 'Account menu of grace hopper' });
    expect(button).toHaveTextContent('GH');
    expect(button).toHaveTextContent('grace hopper');
  });

  test('ORG_ADMIN items, with API Documentation as a plain link to a new tab', async () => {
    signInAs(Role.ORG_ADMIN);
    renderApp('/chat');
    const menu = await openAccountMenu('Olivia Organa');

    expect(itemLabels(menu)).toEqual(['Profile', 'System Settings', 'Access Tokens', 'API Documentation', 'Help', 'Logout']);
    const apiDocs = within(menu).getByRole('menuitem', { name: 'API Documentation' });
    expect(apiDocs).toHaveAttribute('href', '/api/documentation');
    expect(apiDocs).toHaveAttribute('target', '_blank');
    expect(apiDocs).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(within(menu).getByRole('menuitem', { name: 'System Settings' })).toHaveAttribute('href', '/admin/template');
    expect(within(menu).getByRole('menuitem', { name: 'Access Tokens' })).toHaveAttribute('href', '/tokens');
    expect(within(menu).getByRole('menuitem', { name: 'Help' })).toHaveAttribute('href', '/admin/help');
  });

  test.each([
    ['USER' as const, 'Umar User', ['Profile', 'Access Tokens', 'My Policies', 'My Language Models', 'My Groups', 'Logout']],
    ['PRODUCT_ADMIN' as const, 'Paula Product', ['Profile', 'Logout']],
    ['CUSTOMER_ADMIN' as const, 'Carl Customer', ['Profile', 'Logout']],
  ])('%s items', async (role, name, labels) => {
    signInAs(Role[role]);
    renderApp('/profile');
    expect(itemLabels(await openAccountMenu(name))).toEqual(labels);
  });

  test('Profile opens the profile page', async () => {
    signInAs(Role.USER);
    renderApp('/chat');
    await userEvent.click(within(await openAccountMenu('Umar User')).getByRole('menuitem', { name: 'Profile' }));
    await waitFor(() => expect(window.location.pathname).toBe('/profile'));
  });
});

describe('logout', () => {
  test('asks first: title Logout, text "Are you sure you want to logout?"; Cancel keeps the session', async () => {
    const assign = stubLocationAssign();
    signInAs(Role.ORG_ADMIN);
    renderApp('/chat');
    await userEvent.click(within(await openAccountMenu('Olivia Organa')).getByRole('menuitem', { name: 'Logout' }));

    const dialog = await screen.findByRole('dialog', { name: 'Logout' });
    expect(dialog).toHaveTextContent('Are you sure you want to logout?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).not.toBeNull();
    expect(assign).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe('/chat');
  });

  test('confirming clears the stored state and react-admin state, then goes to /auth/google/logout', async () => {
    const assign = stubLocationAssign();
    signInAs(Role.ORG_ADMIN);
    localStorage.setItem('RaStore.sidebar.open', 'false');
    renderApp('/chat');
    await userEvent.click(within(await openAccountMenu('Olivia Organa')).getByRole('menuitem', { name: 'Logout' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Logout' })).getByRole('button', { name: 'OK' }));

    await waitFor(() => expect(assign).toHaveBeenCalledExactlyOnceWith('/auth/google/logout'));
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(Object.keys(localStorage).filter((key) => key.startsWith('RaStore.sidebar'))).toEqual([]);
  });
});
