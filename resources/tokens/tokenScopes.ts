import { TOKEN_SCOPE_LABELS, TOKEN_SCOPES } from '../../domain';
import type { TokenScope } from '../../domain';

/** The scope choices of the create form, in the domain's order. */
export const TOKEN_SCOPE_CHOICES = TOKEN_SCOPES.map((scope) => ({ id: scope, name: TOKEN_SCOPE_LABELS[scope] }));

/** "Gateway, Admin API" */
export function tokenScopesLabel(scopes: readonly TokenScope[]): string {
  return scopes.map((scope) => TOKEN_SCOPE_LABELS[scope]).join(', ');
}
