import { z } from 'zod';
import { IsoDateSchema, requiredText } from './fields';

export const HelpPageSchema = z.object({
  id: z.string(),
  Slug: z.string(),
  Title: z.string(),
  Category: z.string(),
  Body: z.string(),
  BuiltIn: z.boolean(),
  UpdatedAt: IsoDateSchema.nullable(),
});
export type HelpPage = z.infer<typeof HelpPageSchema>;

export const HelpPageInputSchema = z.object({
  Slug: z
    .string({ error: 'Slug is required' })
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Slug may use lowercase letters, digits and single dashes')
    .max(80, 'Slug must be at most 80 characters'),
  Title: requiredText('Title', 120),
  Category: requiredText('Category', 60),
  Body: requiredText('Body', 100_000),
});
export type HelpPageInput = z.input<typeof HelpPageInputSchema>;
