import { expect, test } from 'vitest';
import { Role } from '../../domain';
import { buildCurrentUser } from '../../mocks/builders';
import { organizationLabel } from './organizationLabel';

test('organization users see their organization; admins above see the customer, else the title', () => {
  expect(organizationLabel(buildCurrentUser(Role.USER), 'Console')).toBe('Acme Research');
  expect(organizationLabel(buildCurrentUser(Role.ORG_ADMIN), 'Console')).toBe('Acme Research');
  expect(organizationLabel(buildCurrentUser(Role.CUSTOMER_ADMIN), 'Console')).toBe('Acme Holdings');
  expect(organizationLabel(buildCurrentUser(Role.PRODUCT_ADMIN), 'Console')).toBe('Console');
  expect(organizationLabel(undefined, 'Console')).toBe('Console');
});
