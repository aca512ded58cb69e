import { PROTECTED_ROUTES, Role } from '../../../domain';

export interface HomeRouteChoice {
  id: string;
  name: string;
}

/** The path of a pattern without its optional parts ('/admin/users/*' → '/admin/users'), or null if it needs a parameter. */
function parameterlessPath(pattern: string): string | null {
  const path = pattern.replace(/\/\*$/, '').replace(/(\/:[A-Za-z]+\?)+$/, '');
  return path.includes(':') || path.includes('*') ? null : path;
}

/**
 * DefaultHomePageRoute choices: the route table's pages without parameters that an organization's members
 * (ORG_ADMIN, USER) can open, as "Title (/path)". A saved value outside the list is kept as a choice.
 */
export function homeRouteChoices(current?: string): HomeRouteChoice[] {
  const choices: HomeRouteChoice[] = [];
  for (const route of PROTECTED_ROUTES) {
    const forMembers = route.roles.length === 0 || route.roles.includes(Role.ORG_ADMIN) || route.roles.includes(Role.USER);
    const path = parameterlessPath(route.pattern);
    if (!forMembers || path === null || choices.some((choice) => choice.id === path)) continue;
    choices.push({ id: path, name: `${route.title} (${path})` });
  }
  if (current && !choices.some((choice) => choice.id === current)) choices.push({ id: current, name: current });
  return choices;
}
