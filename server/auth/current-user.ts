import type { CurrentUser } from '../../domain/schemas/auth';
import type { Role } from '../../domain/enums';
import type { CurrentUserRow } from '../directory/users.repository';

export function toCurrentUser(row: CurrentUserRow): CurrentUser {
  return {
    id: row.id,
    Email: row.email,
    Name: `${row.first_name} ${row.last_name}`.trim(),
    FirstName: row.first_name,
    LastName: row.last_name,
    Role: row.role as Role,
    CustomerId: row.customer_id,
    OrganizationId: row.organization_id,
    Organization: row.organization_id && row.organization_name ? { id: row.organization_id, Name: row.organization_name } : null,
    Customer: row.customer_id && row.customer_name ? { id: row.customer_id, Name: row.customer_name } : null,
    Image: row.image,
  };
}
