import { z } from 'zod';
import { ALL_ROLES } from '../enums';
import type { Role } from '../enums';

export const IdSchema = z.string().min(1).max(64);
export const RoleSchema = z.union(ALL_ROLES.map((role) => z.literal(role))) as unknown as z.ZodType<Role>;
/** Epoch milliseconds on the wire, as ISO strings are for humans. */
export const TimestampSchema = z.string().datetime({ offset: true });

/** §Error contract: one message plus a message per field. */
export const ApiErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  requestId: z.string().optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const MessageSchema = z.object({ message: z.string() });
