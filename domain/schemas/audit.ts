import { z } from 'zod';
import { IdSchema } from './common';
import { IsoDateSchema } from './fields';

export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'revoke', 'sync', 'login'] as const;

export const AuditEntrySchema = z.object({
  id: IdSchema,
  At: IsoDateSchema,
  ActorId: IdSchema.nullable(),
  ActorEmail: z.string().nullable(),
  Action: z.string(),
  Resource: z.string(),
  RecordId: z.string().nullable(),
  Summary: z.string(),
  Before: z.record(z.string(), z.unknown()).nullable(),
  After: z.record(z.string(), z.unknown()).nullable(),
  CustomerId: IdSchema.nullable(),
  OrganizationId: IdSchema.nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
