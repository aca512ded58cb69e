import { expect, test } from 'vitest';
import { homeRouteChoices } from './homeRouteChoices';

test('offers the parameterless pages of organization members, once each', () => {
  const ids = homeRouteChoices().map((choice) => choice.id);
  expect(ids).toContain('/chat');
  expect(ids).toContain('/tokens');
  expect(ids).toContain('/admin/users');
  expect(ids).toContain('/admin/vora-dashboard');
  expect(ids).not.toContain('/admin/customers');
  expect(ids.some((id) => id.includes(':') || id.includes('*'))).toBe(false);
  expect(new Set(ids).size).toBe(ids.length);
});

test('keeps a saved value that is not in the table', () => {
  expect(homeRouteChoices('/somewhere').at(-1)).toEqual({ id: '/somewhere', name: '/somewhere' });
});
