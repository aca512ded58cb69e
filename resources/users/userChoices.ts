import { IDENTITY_TYPE_LABELS, IdentityType, Role, ROLE_LABELS } from '../../domain';

/** The roles an organization admin may give (OrgRoleSchema). */
export const ORG_ROLE_CHOICES = [Role.ORG_ADMIN, Role.USER].map((id) => ({ id, name: ROLE_LABELS[id] }));
export const IDENTITY_TYPE_CHOICES = [IdentityType.LOCAL, IdentityType.FEDERATED].map((id) => ({ id, name: IDENTITY_TYPE_LABELS[id] }));
