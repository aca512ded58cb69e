// "Create policy rule" from a red-teaming finding: a draft Global policy with one keyword rule blocking the phrase the
// attack opened with, for the admin to review in the policy editor (and check with "Test this policy") before saving.
import type { RedTeamAttempt } from './schemas/red-teaming';
import { CATEGORY_INFO } from './schemas/red-teaming';

const PHRASE_WORDS = 6;
const MAX_KEYWORD_CHARS = 100;

/** The attack's opening words (of its last turn; before any encoded block): the keyword the rule blocks. */
export function findingPhrase(prompt: string): string {
  const lastTurn = prompt.split('\n\n[document]\n')[0]!.split('\n\n').at(-1) ?? prompt;
  const firstLine = lastTurn.split('\n')[0] ?? lastTurn;
  return firstLine.split(/\s+/).filter(Boolean).slice(0, PHRASE_WORDS).join(' ').slice(0, MAX_KEYWORD_CHARS);
}

export function policyDraftFromAttempt(attempt: Pick<RedTeamAttempt, 'Category' | 'Strategy' | 'AttackId' | 'Prompt'>) {
  return {
    Name: `Red team: ${CATEGORY_INFO[attempt.Category].label}`.slice(0, 100),
    Description: `Blocks the ${attempt.AttackId} attack (${attempt.Strategy}) found by red teaming.`,
    Type: 'Global Policy',
    Enabled: true,
    Priority: 50,
    Targets: { GroupIds: [], LanguageModelIds: [], AllTargets: true },
    Rules: [{ Name: `Block ${attempt.AttackId}`, Enabled: true, Action: 'block', Kind: 'keywords', Topic: 'Red team finding', Keywords: [findingPhrase(attempt.Prompt)] }],
  };
}

/** The policy editor's create page, prefilled (react-admin reads the record from `source`). */
export function policyDraftPath(attempt: Pick<RedTeamAttempt, 'Category' | 'Strategy' | 'AttackId' | 'Prompt'>): string {
  return `/admin/policies/create?source=${encodeURIComponent(JSON.stringify(policyDraftFromAttempt(attempt)))}`;
}
