import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { Role } from '../../domain';
import { identityMockState, mockIdentityState } from '../../mocks/identityHandlers';
import { buildHelpPage } from '../../mocks/identityBuilders';
import { renderApp, signInAs } from '../../src/testing/renderApp';

vi.setConfig({ testTimeout: 30_000 });

const HOSTILE = buildHelpPage({
  Slug: 'our-rules',
  Title: 'Our rules',
  Category: 'Policies',
  BuiltIn: false,
  UpdatedAt: '2026-03-02T09:30:00.000Z',
  Body: '# Our rules\n\n| Data | Allowed |\n|---|---|\n| Names | No |\n\n<script>window.pwned = true</script>\n\n<img src="x" onerror="window.pwned = true">\n',
});

test('the list shows category, title, slug and which pages are built in, searchable', async () => {
  signInAs(Role.ORG_ADMIN);
  mockIdentityState({ helpPages: [...identityMockState().helpPages, HOSTILE] });
  renderApp('/admin/help');

  const builtIn = (await screen.findByText('Getting started')).closest('tr')!;
  expect(within(builtIn).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Overview', 'Getting started', 'getting-started', 'Built-in']);
  const own = screen.getByText('Our rules').closest('tr')!;
  expect(within(own).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Policies', 'Our rules', 'our-rules', 'Your organization']);

  await userEvent.type(screen.getByPlaceholderText('Search help'), 'pwned');
  await waitFor(() => expect(screen.queryByText('Getting started')).not.toBeInTheDocument());
  expect(screen.getByText('Our rules')).toBeInTheDocument();
});

test('a page renders its Markdown (headings, tables) and never runs HTML from its text', async () => {
  signInAs(Role.ORG_ADMIN);
  mockIdentityState({ helpPages: [HOSTILE] });
  renderApp('/admin/help/our-rules/show');

  const heading = await screen.findByRole('heading', { name: 'Our rules', level: 1 });
  const body = heading.closest('.markdown-body')!;
  expect(within(body as HTMLElement).getByRole('columnheader', { name: 'Data' })).toBeInTheDocument();
  expect(within(body as HTMLElement).getByRole('cell', { name: 'No' })).toBeInTheDocument();
  expect(body.querySelector('script, img, [onerror]')).toBeNull();
  expect(body.textContent).toContain('<script>window.pwned = true</script>');
  expect((window as { pwned?: boolean }).pwned).toBeUndefined();
  expect(await screen.findByRole('link', { name: 'Edit' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
});

test('a built-in page shows a Built-in chip and no edit or delete', async () => {
  signInAs(Role.ORG_ADMIN);
  renderApp('/admin/help/getting-started/show');
  expect(await screen.findByRole('heading', { name: 'Getting started', level: 1 })).toBeInTheDocument();
  expect(screen.getByText('Built-in')).toBeInTheDocument();
  // The buttons appear once the access check answered; by then Edit would be there too.
  expect(await screen.findByRole('link', { name: 'All help pages' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
});

test('the edit address of a built-in page shows the page instead', async () => {
  signInAs(Role.ORG_ADMIN);
  renderApp('/admin/help/getting-started');
  await waitFor(() => expect(window.location.pathname).toBe('/admin/help/getting-started/show'));
});

test('a new page: slug from the title, Markdown preview, saved and shown; the domain messages guard it', async () => {
  const user = userEvent.setup();
  signInAs(Role.ORG_ADMIN);
  renderApp('/admin/help/create');

  await user.type(await screen.findByRole('textbox', { name: 'Title' }), 'Travel rules');
  expect(screen.getByRole('textbox', { name: 'Slug' })).toHaveValue('travel-rules');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Category is required')).toBeInTheDocument();
  expect(screen.getByText('Body is required')).toBeInTheDocument();

  await user.type(screen.getByRole('textbox', { name: 'Category' }), 'Policies');
  await user.type(screen.getByRole('textbox', { name: 'Body (Markdown)' }), '## Before you fly{enter}{enter}Ask first.');
  await user.click(screen.getByRole('tab', { name: 'Preview' }));
  expect(within(screen.getByRole('region', { name: 'Preview' })).getByRole('heading', { name: 'Before you fly', level: 2 })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(window.location.pathname).toBe('/admin/help/travel-rules/show'));
  expect(await screen.findByRole('heading', { name: 'Travel rules', level: 1 })).toBeInTheDocument();
  expect(identityMockState().helpPages.find((page) => page.Slug === 'travel-rules')).toMatchObject({ Category: 'Policies', BuiltIn: false });
});

test('deleting an own page asks first, then returns to the list', async () => {
  signInAs(Role.ORG_ADMIN);
  mockIdentityState({ helpPages: [HOSTILE] });
  renderApp('/admin/help/our-rules/show');
  await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
  await userEvent.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(window.location.pathname).toBe('/admin/help'));
  expect(identityMockState().helpPages).toEqual([]);
});
