import { z } from 'zod';

/** A required, trimmed text field with a human message naming it. */
export const requiredText = (label: string, max = 120) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** An optional text field: empty strings become null. */
export const optionalText = (label: string, max = 500) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

export const optionalEmail = (label = 'Email') =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(254, `${label} is too long`)
    .nullish()
    .transform((value) => (value ? value.toLowerCase() : null))
    .refine((value) => value === null || z.email().safeParse(value).success, `${label} must be a valid email address`);

export const IsoDateSchema = z.string();
export const idList = (label: string) => z.array(z.string().min(1).max(64), { error: `${label} must be a list of ids` }).max(1000);
