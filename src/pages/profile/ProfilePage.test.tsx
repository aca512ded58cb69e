import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { Role } from '../../../domain';
import { renderApp, signInAs } from '../../testing/renderApp';

function fieldValues(list: HTMLElement) {
  const terms = within(list).getAllByRole('term').map((term) => term.textContent);
  const values = within(list).getAllByRole('definition').map((value) => value.textContent);
  return terms.map((term, index) => [term, values[index]]);
}

test('shows Name, FirstName, LastName, Role and Organization.Name', async () => {
  signInAs(Role.ORG_ADMIN, { Name: 'Dr. Olivia Organa', FirstName: 'Olivia', LastName: 'Organa' });
  renderApp('/profile');

  const heading = await screen.findByRole('heading', { name: 'Dr. Olivia Organa' });
  const list = heading.closest('.MuiCardContent-root')!.querySelector('dl')!;
  expect(fieldValues(list as HTMLElement)).toEqual([
    ['Name', 'Dr. Olivia Organa'],
    ['First name', 'Olivia'],
    ['Last name', 'Organa'],
    ['Role', 'Organization admin'],
    ['Organization', 'Acme Research'],
  ]);
});

test('a user without an organization sees a dash', async () => {
  signInAs(Role.PRODUCT_ADMIN);
  renderApp('/profile');

  const heading = await screen.findByRole('heading', { name: 'Paula Product' });
  const list = heading.closest('.MuiCardContent-root')!.querySelector('dl')!;
  expect(fieldValues(list as HTMLElement).slice(3)).toEqual([
    ['Role', 'Product admin'],
    ['Organization', '—'],
  ]);
});
