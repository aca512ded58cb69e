// Side navigation of §2.5. Visibility per role is declared here; the menu renders it as is.
import type { AppFeature } from './enums';
import { Role } from './enums';
import { isPathPrefix } from './paths';

export interface NavItem {
  key: string;
  label: string;
  path: string;
  roles: readonly Role[];
  icon: string;
  children?: readonly NavItem[];
}

const { PRODUCT_ADMIN, CUSTOMER_ADMIN, ORG_ADMIN, USER } = Role;

const OBSERVABILITY = '/admin/observability/dashboard';
const CRITICAL_EVENTS = '/admin/observability/critical-events';
const RISK_ASSESSMENT = '/admin/observability/risk-assessment';
const ACTIVITY_MONITOR = '/admin/observability/user-activity';

function dashboardItem(features: Partial<Record<AppFeature, boolean>>): NavItem | undefined {
  const path = features.VoraDashboard
    ? '/admin/vora-dashboard'
    : features.VoraPDashboard
      ? '/admin/vora-p-dashboard'
      : undefined;
  if (!path) return undefined;
  return {
    key: 'dashboard',
    label: 'Dashboard',
    path,
    roles: [ORG_ADMIN, USER],
    icon: 'dashboard',
    children: [
      { key: 'dashboard-home', label: 'Dashboard', path, roles: [ORG_ADMIN, USER], icon: 'dashboard' },
      { key: 'dashboard-observability', label: 'Observability', path: OBSERVABILITY, roles: [ORG_ADMIN], icon: 'insights' },
      { key: 'dashboard-critical-events', label: 'Critical Events', path: CRITICAL_EVENTS, roles: [ORG_ADMIN], icon: 'warning' },
      { key: 'dashboard-activity', label: 'Activity Monitor', path: ACTIVITY_MONITOR, roles: [ORG_ADMIN], icon: 'timeline' },
    ],
  };
}

const OBSERVABILITY_ITEM: NavItem = {
  key: 'observability',
  label: 'Observability',
  path: OBSERVABILITY,
  roles: [ORG_ADMIN],
  icon: 'insights',
  children: [
    { key: 'observability-dashboard', label: 'Observability', path: OBSERVABILITY, roles: [ORG_ADMIN], icon: 'insights' },
    { key: 'critical-events', label: 'Critical Events', path: CRITICAL_EVENTS, roles: [ORG_ADMIN], icon: 'warning' },
    { key: 'risk-assessment', label: 'Risk Assessment', path: RISK_ASSESSMENT, roles: [ORG_ADMIN], icon: 'shield' },
    { key: 'activity-monitor', label: 'Activity Monitor', path: ACTIVITY_MONITOR, roles: [ORG_ADMIN], icon: 'timeline' },
  ],
};

const STATIC_ITEMS: readonly NavItem[] = [
  { key: 'red-teaming', label: 'Red Teaming', path: '/admin/red-teaming', roles: [ORG_ADMIN], icon: 'bug' },
  { key: 'customers', label: 'Customers', path: '/admin/customers', roles: [PRODUCT_ADMIN], icon: 'business' },
  { key: 'organizations', label: 'Organizations', path: '/admin/organizations', roles: [CUSTOMER_ADMIN], icon: 'corporate' },
  {
    key: 'users',
    label: 'Users',
    path: '/admin/users',
    roles: [ORG_ADMIN],
    icon: 'people',
    children: [{ key: 'groups', label: 'Groups', path: '/admin/groups', roles: [ORG_ADMIN], icon: 'groups' }],
  },
  {
    key: 'integrations',
    label: 'Integrations and Data Sources',
    path: '/admin/idps',
    roles: [ORG_ADMIN],
    icon: 'hub',
    children: [
      { key: 'idps', label: 'Directory/IDPs', path: '/admin/idps', roles: [ORG_ADMIN], icon: 'badge' },
      { key: 'language-models', label: 'Language Models', path: '/admin/language-models', roles: [ORG_ADMIN], icon: 'psychology' },
      { key: 'cdr', label: 'Corporate Data Sources', path: '/admin/cdr', roles: [ORG_ADMIN], icon: 'storage' },
      { key: 'verifier', label: 'Verification Sources', path: '/admin/verifier', roles: [ORG_ADMIN], icon: 'verified' },
      // Not placed by §2.5: protected works are data the answers are checked against, beside the verification sources.
      { key: 'protected-works', label: 'Protected Works', path: '/admin/protected-works', roles: [ORG_ADMIN], icon: 'copyright' },
    ],
  },
  { key: 'policies', label: 'Policies', path: '/admin/policies', roles: [ORG_ADMIN], icon: 'policy' },
  { key: 'apps', label: 'Apps', path: '/admin/apps', roles: [ORG_ADMIN], icon: 'apps' },
  { key: 'chat', label: 'Chat', path: '/chat', roles: [ORG_ADMIN, USER], icon: 'chat' },
];

/** The navigation for a role; empty when nobody is signed in. */
export function navItemsFor(role: Role | undefined, features: Partial<Record<AppFeature, boolean>>): NavItem[] {
  if (role === undefined) return [];
  const dashboard = dashboardItem(features);
  const items = [dashboard ?? OBSERVABILITY_ITEM, ...STATIC_ITEMS];
  return items
    .filter((item) => item.roles.includes(role))
    .map((item) => ({ ...item, children: item.children?.filter((child) => child.roles.includes(role)) }));
}

/** §2.5: the first visible item whose path, or a child's path, is a prefix of the current path. */
export function activeNavItem(items: readonly NavItem[], currentPath: string): NavItem | undefined {
  return items.find(
    (item) =>
      isPathPrefix(item.path, currentPath) || (item.children ?? []).some((child) => isPathPrefix(child.path, currentPath)),
  );
}

/** The child to highlight inside the active item: the longest matching child path. */
export function activeNavChild(item: NavItem, currentPath: string): NavItem | undefined {
  return [...(item.children ?? [])]
    .filter((child) => isPathPrefix(child.path, currentPath))
    .sort((a, b) => b.path.length - a.path.length)[0];
}
