import { z } from 'zod';
import { CustomerType, LastSyncStatus } from '../enums';
import { EmailSchema } from './auth';
import { IdSchema } from './common';
import { IsoDateSchema, optionalEmail, optionalText, requiredText } from './fields';

export const CustomerTypeSchema = z.union([z.literal(CustomerType.DEMO), z.literal(CustomerType.REAL)], {
  error: 'Type must be DEMO or REAL',
});
export const CUSTOMER_TYPE_LABELS: Record<CustomerType, string> = { [CustomerType.DEMO]: 'Demo', [CustomerType.REAL]: 'Real' };

/** The first administrator created together with a customer or an organization; gets a one-time set-up link. */
export const FirstAdminSchema = z.object({
  FirstName: requiredText('First name', 80),
  LastName: requiredText('Last name', 80),
  Email: EmailSchema,
});

export const CustomerSchema = z.object({
  id: IdSchema,
  Name: z.string(),
  Type: CustomerTypeSchema,
  ContactName: z.string().nullable(),
  ContactEmail: z.string().nullable(),
  OrganizationCount: z.number().int(),
  CreatedAt: IsoDateSchema,
  UpdatedAt: IsoDateSchema,
});
export type Customer = z.infer<typeof CustomerSchema>;

export const CustomerInputSchema = z.object({
  Name: requiredText('Name'),
  Type: CustomerTypeSchema,
  ContactName: optionalText('Contact name', 120),
  ContactEmail: optionalEmail('Contact email'),
});
export const CustomerCreateSchema = CustomerInputSchema.extend({ Admin: FirstAdminSchema.nullish() });
export type CustomerInput = z.input<typeof CustomerCreateSchema>;

export const LastSyncStatusSchema = z.union([
  z.literal(LastSyncStatus.UNKNOWN),
  z.literal(LastSyncStatus.IN_PROGRESS),
  z.literal(LastSyncStatus.COMPLETED),
  z.literal(LastSyncStatus.ERROR),
]);

export const OrganizationSchema = z.object({
  id: IdSchema,
  CustomerId: IdSchema,
  Name: z.string(),
  Domain: z.string().nullable(),
  LastSyncStatus: LastSyncStatusSchema,
  LastSyncAt: IsoDateSchema.nullable(),
  LastSyncMessage: z.string().nullable(),
  UserCount: z.number().int(),
  CreatedAt: IsoDateSchema,
  UpdatedAt: IsoDateSchema,
});
export type Organization = z.infer<typeof OrganizationSchema>;

const DomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, 'Domain is too long')
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || /^(?=.{1,253}$)([a-z0-9-]{1,63}\.)+[a-z]{2,63}$/.test(value), 'Domain must look like example.com');

export const OrganizationInputSchema = z.object({
  Name: requiredText('Name'),
  Domain: DomainSchema,
});
export const OrganizationCreateSchema = OrganizationInputSchema.extend({ Admin: FirstAdminSchema.nullish() });
export type OrganizationInput = z.input<typeof OrganizationCreateSchema>;

export const SyncStartedSchema = z.object({ message: z.string(), JobId: IdSchema, LastSyncStatus: LastSyncStatusSchema });
