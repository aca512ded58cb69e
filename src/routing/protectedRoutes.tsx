import type { ComponentType } from 'react';
import { Route } from 'react-router-dom';
import { PROTECTED_ROUTES } from '../../domain';
import { ComingSoonPage, ProfilePage } from '../pages/lazyPages';

/**
 * The screen of each protected pattern of domain/routes.ts. A pattern not listed shows the coming-soon body.
 * 'resource' marks a pattern served by a react-admin <Resource> (name = the path without its leading slash,
 * e.g. "admin/customers"), so no custom route may shadow it.
 */
const SCREENS: Partial<Record<string, ComponentType | 'resource'>> = {
  '/profile': ProfilePage,
};

/** The pages shown inside the shell (children of <CustomRoutes>); the layout's RouteGuard protects them. */
export const protectedRoutes = PROTECTED_ROUTES.flatMap((route) => {
  const Screen = SCREENS[route.pattern];
  if (Screen === 'resource') return [];
  return [
    <Route
      key={route.pattern}
      path={route.pattern}
      element={Screen ? <Screen /> : <ComingSoonPage title={route.title} />}
    />,
  ];
});
