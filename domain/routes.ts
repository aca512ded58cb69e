// The route table of §2.1–§2.3, written once: the SPA router, the menu and the tests all read it.
import { DEFAULT_HOME_ROUTE } from './constants';
import { ALL_ROLES, Role } from './enums';
import { matchPath } from './paths';

export const PUBLIC_ROUTES = ['/login', '/welcome', '/password/reset', '/forgot-password', '/error', '/logout'] as const;

/** Login-type pages: an already signed-in user is sent to the role's default route. */
export const SIGN_IN_ONLY_ROUTES = ['/login', '/welcome', '/password/reset', '/forgot-password'] as const;

export interface ProtectedRoute {
  /** Pattern as in the spec; '*' for the sub-pages react-admin adds (create, show). */
  pattern: string;
  /** Empty = any signed-in role. */
  roles: readonly Role[];
  title: string;
}

const { PRODUCT_ADMIN, CUSTOMER_ADMIN, ORG_ADMIN, USER } = Role;

export const PROTECTED_ROUTES: readonly ProtectedRoute[] = [
  { pattern: '/admin/cdr/*', roles: [ORG_ADMIN], title: 'Corporate Data Sources' },
  { pattern: '/admin/users/*', roles: [ORG_ADMIN], title: 'Users' },
  { pattern: '/admin/groups/*', roles: [ORG_ADMIN], title: 'Groups' },
  { pattern: '/admin/template', roles: [ORG_ADMIN], title: 'System Settings' },
  { pattern: '/admin/help/*', roles: [ORG_ADMIN], title: 'Help' },
  { pattern: '/admin/verifier/*', roles: [ORG_ADMIN], title: 'Verification Sources' },
  { pattern: '/admin/protected-works/*', roles: [ORG_ADMIN], title: 'Protected Works' },
  { pattern: '/admin/policies/*', roles: [ORG_ADMIN], title: 'Policies' },
  { pattern: '/admin/language-models/*', roles: [ORG_ADMIN], title: 'Language Models' },
  { pattern: '/admin/red-teaming/*', roles: [ORG_ADMIN], title: 'Red Teaming' },
  { pattern: '/admin/apps/*', roles: [ORG_ADMIN], title: 'Apps' },
  { pattern: '/admin/chat/:CID/prompt/:PID/details', roles: [ORG_ADMIN, USER], title: 'Prompt Lifecycle' },
  { pattern: '/admin/vora-dashboard/:searchId?', roles: [ORG_ADMIN, USER], title: 'Vora' },
  { pattern: '/admin/vora-p-dashboard/:searchId?', roles: [ORG_ADMIN, USER], title: 'Vora P' },
  { pattern: '/tokens/*', roles: [ORG_ADMIN, USER], title: 'Access Tokens' },
  { pattern: '/language-models/*', roles: [USER], title: 'Language Models' },
  { pattern: '/groups/*', roles: [USER], title: 'Groups' },
  { pattern: '/policies/*', roles: [USER], title: 'Policies' },
  { pattern: '/admin/customers/*', roles: [PRODUCT_ADMIN], title: 'Customers' },
  { pattern: '/admin/organizations/*', roles: [CUSTOMER_ADMIN], title: 'Organizations' },
  { pattern: '/admin/idps/*', roles: [ORG_ADMIN, CUSTOMER_ADMIN], title: 'Identity Providers' },
  { pattern: '/admin/observability/*', roles: [ORG_ADMIN, CUSTOMER_ADMIN], title: 'Observability' },
  // Not in the specification's table: the audit log of admin changes, opened from the admin lists.
  { pattern: '/admin/audit-log/*', roles: [PRODUCT_ADMIN, CUSTOMER_ADMIN, ORG_ADMIN], title: 'Audit Log' },
  { pattern: '/profile', roles: [], title: 'Profile' },
  { pattern: '/chat/:CID/prompt/:PID/document/:CHUNK/:ChildChat?', roles: [], title: 'Source Document' },
  { pattern: '/chat/:CID?', roles: [], title: 'Chat' },
];

export const DEFAULT_ROUTE_BY_ROLE: Record<Role, string> = {
  [PRODUCT_ADMIN]: '/admin/customers',
  [CUSTOMER_ADMIN]: '/admin/organizations',
  [ORG_ADMIN]: '/chat',
  [USER]: '/chat',
};

export function isPublicPath(path: string): boolean {
  return PUBLIC_ROUTES.some((route) => matchPath(route, path));
}

export function findProtectedRoute(path: string): ProtectedRoute | undefined {
  return PROTECTED_ROUTES.find((route) => matchPath(route.pattern, path));
}

export function roleMayAccess(role: Role, route: ProtectedRoute): boolean {
  return route.roles.length === 0 || route.roles.includes(role);
}

export function canAccessPath(role: Role, path: string): boolean {
  const route = findProtectedRoute(path);
  return route !== undefined && roleMayAccess(role, route);
}

export function defaultRouteForRole(role: Role | undefined): string | undefined {
  return role === undefined ? undefined : DEFAULT_ROUTE_BY_ROLE[role];
}

/** The roles that belong to an organization: the ones a deployment's DefaultHomePageRoute is chosen for. */
const ORGANIZATION_ROLES: readonly Role[] = [ORG_ADMIN, USER];

/**
 * §2.2 root: DefaultHomePageRoute if set, else the role's default route, else /chat. The deployment's home page is an
 * organization setting (System Settings), so it applies to the roles of an organization and only where the role may
 * open it; PRODUCT_ADMIN and CUSTOMER_ADMIN have no organization and land on their own pages.
 */
export function rootRedirect(role: Role | undefined, defaultHomePageRoute?: string | null): string {
  if (role === undefined) return '/login';
  const deploymentHome =
    defaultHomePageRoute && ORGANIZATION_ROLES.includes(role) && canAccessPath(role, defaultHomePageRoute)
      ? defaultHomePageRoute
      : undefined;
  return deploymentHome ?? defaultRouteForRole(role) ?? DEFAULT_HOME_ROUTE;
}

export type GuardDecision = { allow: true } | { allow: false; redirectTo: string };

/** Where a visitor ends up on a non-root `path`: public pages pass, unknown paths go to /, guards per §2.2. */
export function decideRoute(path: string, role: Role | undefined): GuardDecision {
  if (isPublicPath(path)) {
    const signInOnly = SIGN_IN_ONLY_ROUTES.some((route) => matchPath(route, path));
    if (signInOnly && role !== undefined) return { allow: false, redirectTo: defaultRouteForRole(role) ?? '/' };
    return { allow: true };
  }
  const route = findProtectedRoute(path);
  if (!route) return { allow: false, redirectTo: '/' };
  if (role === undefined) return { allow: false, redirectTo: '/login' };
  if (roleMayAccess(role, route)) return { allow: true };
  return { allow: false, redirectTo: defaultRouteForRole(role) ?? '/login' };
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'number' && (ALL_ROLES as readonly number[]).includes(value);
}
