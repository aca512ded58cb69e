import { z } from 'zod';
import { IdentityType, Role } from '../enums';
import { EmailSchema } from './auth';
import { IdSchema, RoleSchema } from './common';
import { idList, IsoDateSchema, optionalText, requiredText } from './fields';

export const IdentityTypeSchema = z.union([z.literal(IdentityType.LOCAL), z.literal(IdentityType.FEDERATED)], {
  error: 'Identity type must be LOCAL or FEDERATED',
});
export const IDENTITY_TYPE_LABELS: Record<IdentityType, string> = { [IdentityType.LOCAL]: 'Local', [IdentityType.FEDERATED]: 'Federated' };

/** Roles an organization admin may give inside an organization. */
export const OrgRoleSchema = z.union([z.literal(Role.ORG_ADMIN), z.literal(Role.USER)], { error: 'Role must be ORG_ADMIN or USER' });

export const UserSchema = z.object({
  id: IdSchema,
  FirstName: z.string(),
  LastName: z.string(),
  Email: z.string(),
  Role: RoleSchema,
  IdentityType: IdentityTypeSchema,
  GroupIds: z.array(IdSchema),
  Enabled: z.boolean(),
  OrganizationId: IdSchema.nullable(),
  LastLoginAt: IsoDateSchema.nullable(),
  CreatedAt: IsoDateSchema,
  UpdatedAt: IsoDateSchema,
});
export type User = z.infer<typeof UserSchema>;

export const UserInputSchema = z.object({
  FirstName: requiredText('First name', 80),
  LastName: requiredText('Last name', 80),
  Email: EmailSchema,
  Role: OrgRoleSchema,
  IdentityType: IdentityTypeSchema.default(IdentityType.LOCAL),
  GroupIds: idList('Groups').default([]),
  Enabled: z.boolean({ error: 'Enabled must be true or false' }).default(true),
});
export type UserInput = z.input<typeof UserInputSchema>;

/** A LOCAL user's one-time link to set a first password, shown once to the admin who created them. */
export const UserCreatedSchema = UserSchema.extend({ SetupLink: z.string().nullable() });

export const GroupSchema = z.object({
  id: IdSchema,
  Name: z.string(),
  Description: z.string().nullable(),
  IdentityType: IdentityTypeSchema,
  MemberIds: z.array(IdSchema),
  MemberCount: z.number().int(),
  CreatedAt: IsoDateSchema,
  UpdatedAt: IsoDateSchema,
});
export type Group = z.infer<typeof GroupSchema>;

export const GroupInputSchema = z.object({
  Name: requiredText('Name', 80),
  Description: optionalText('Description', 500),
  IdentityType: IdentityTypeSchema.default(IdentityType.LOCAL),
  MemberIds: idList('Members').default([]),
});
export type GroupInput = z.input<typeof GroupInputSchema>;
