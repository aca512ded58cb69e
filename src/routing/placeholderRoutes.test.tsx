import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { PROTECTED_ROUTES, Role } from '../../domain';
import type { ProtectedRoute } from '../../domain';
import { renderApp, signInAs } from '../testing/renderApp';
import { hasScreen } from './protectedRoutes';

/** A concrete path for a pattern: parameters get a value, optional parts and the final star are left out. */
function samplePath(pattern: string): string {
  return pattern
    .split('/')
    .filter((part) => part !== '*' && !part.endsWith('?'))
    .map((part) => (part.startsWith(':') ? part.slice(1).toLowerCase() + '1' : part))
    .join('/');
}

function someAllowedRole(route: ProtectedRoute): Role {
  return route.roles[0] ?? Role.USER;
}

const screensYetToCome = PROTECTED_ROUTES.filter((route) => !hasScreen(route.pattern));

// Every screen of the specification is built now: a route added without its screen would show "coming soon".
test('every protected route has its screen', () => {
  expect(screensYetToCome.map((route) => route.pattern)).toEqual([]);
});

test.each(screensYetToCome.map((route) => [samplePath(route.pattern), route] as const))(
  '%s exists, is guarded and shows its coming-soon body',
  async (path, route) => {
    signInAs(someAllowedRole(route));
    renderApp(path);
    expect(await screen.findByRole('heading', { name: route.title, level: 1 })).toBeInTheDocument();
    expect(screen.getByText(`The ${route.title} screen is coming soon.`)).toBeInTheDocument();
    expect(window.location.pathname).toBe(path);
  },
);
