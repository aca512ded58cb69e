import { z } from 'zod';

/** ra-data-simple-rest list query: sort=["Field","ASC"]&range=[0,24]&filter={...} */
export const ListQuerySchema = z.object({
  sort: z.string().optional(),
  range: z.string().optional(),
  filter: z.string().optional(),
});
export type ListQuery = z.infer<typeof ListQuerySchema>;
