import { Role } from '../../domain';
import type { CurrentUser } from '../../domain';

/** The name in the top bar: the user's organization; admins above organizations see their customer, or the title. */
export function organizationLabel(user: CurrentUser | undefined, title: string): string {
  if (!user) return title;
  if (user.Role === Role.PRODUCT_ADMIN || user.Role === Role.CUSTOMER_ADMIN) return user.Customer?.Name ?? title;
  return user.Organization?.Name ?? title;
}
