import type { ComponentType } from 'react';
import { Route } from 'react-router-dom';
import { PROTECTED_ROUTES } from '../../domain';
import { ChatPage, ComingSoonPage, ProfilePage, PromptLifecyclePage, SourcePage, VoraDashboardPage, VoraPDashboardPage } from '../pages/lazyPages';
import { SystemSettingsPage } from '../pages/settings';
import { CopilotsPage } from '../pages/copilots';
import { ObservabilityPage } from '../pages/observability';
import { RedTeamingPage } from '../pages/red-teaming';

/**
 * The screen of each protected pattern of domain/routes.ts. A pattern not listed shows the coming-soon body.
 * 'resource' marks a pattern served by a react-admin <Resource> (name = the path without its leading slash,
 * e.g. "admin/customers"), so no custom route may shadow it.
 */
const SCREENS: Partial<Record<string, ComponentType | 'resource'>> = {
  '/admin/customers/*': 'resource',
  '/admin/organizations/*': 'resource',
  '/admin/users/*': 'resource',
  '/admin/groups/*': 'resource',
  '/admin/audit-log/*': 'resource',
  '/profile': ProfilePage,
  '/admin/template': SystemSettingsPage,
  '/tokens/*': 'resource',
  '/admin/help/*': 'resource',
  '/admin/idps/*': 'resource',
  '/groups/*': 'resource',
  '/admin/language-models/*': 'resource',
  '/language-models/*': 'resource',
  '/admin/cdr/*': 'resource',
  '/admin/verifier/*': 'resource',
  '/admin/protected-works/*': 'resource',
  '/admin/policies/*': 'resource',
  '/policies/*': 'resource',
  '/admin/apps/*': CopilotsPage,
  '/admin/observability/*': ObservabilityPage,
  '/admin/red-teaming/*': RedTeamingPage,
  '/chat/:CID?': ChatPage,
  '/chat/:CID/prompt/:PID/document/:CHUNK/:ChildChat?': SourcePage,
  '/admin/chat/:CID/prompt/:PID/details': PromptLifecyclePage,
  '/admin/vora-dashboard/:searchId?': VoraDashboardPage,
  '/admin/vora-p-dashboard/:searchId?': VoraPDashboardPage,
};

/** Whether a pattern has its own screen (a page or a resource) rather than the coming-soon body. */
export function hasScreen(pattern: string): boolean {
  return SCREENS[pattern] !== undefined;
}

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
