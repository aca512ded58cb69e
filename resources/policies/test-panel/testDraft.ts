import { PolicyInputSchema } from '../../../domain';
import type { PolicyInputParsed } from '../../../domain';

export type DraftResult = { ok: true; draft: PolicyInputParsed } | { ok: false; message: string };

/** The editor's values as a Draft for the test call; an unnamed new policy may be tested before it has a name. */
export function draftFromForm(values: Record<string, unknown>): DraftResult {
  const name = typeof values.Name === 'string' && values.Name.trim() ? values.Name : 'Unsaved policy';
  const parsed = PolicyInputSchema.safeParse({ ...values, Name: name });
  if (parsed.success) return { ok: true, draft: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, message: `Fix the policy before testing it: ${issue?.message ?? 'some fields are not valid'}.` };
}
