/**
 * react-admin resource names carry the screen path ("admin/customers" is routed at /admin/customers),
 * while the API has one flat namespace (/api/v1/customers). User-only views ("groups") map as they are.
 */
export function apiResourceName(resource: string): string {
  return resource.replace(/^admin\//, '');
}
