/**
 * Screen paths whose API name is not the path without "admin/": the spec's /admin/verifier is served by
 * /api/v1/verifiers.
 */
const API_NAMES: Readonly<Record<string, string>> = {
  'admin/verifier': 'verifiers',
};

/**
 * react-admin resource names carry the screen path ("admin/customers" is routed at /admin/customers),
 * while the API has one flat namespace (/api/v1/customers). User-only views ("groups") map as they are.
 */
export function apiResourceName(resource: string): string {
  return API_NAMES[resource] ?? resource.replace(/^admin\//, '');
}
