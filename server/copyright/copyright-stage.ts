// The pipeline's copyright_checker stage: the check of the answer, what the lifecycle record keeps of it, and what
// the organization's action does to the answer (show, warn with the match, withhold), like the verifiers' actions.
import type { Insertable, Kysely } from 'kysely';
import type { CopyrightMatch, CopyrightOutcome } from '../../domain/schemas/copyright';
import type { PromptBlock } from '../../domain/schemas/lifecycle';
import { newId } from '../db/ids';
import type { Database } from '../db/schema';
import type { StageUpdate } from '../pipeline/lifecycle.repository';
import { elapsed, failed, skipped, success } from '../pipeline/stages';
import type { CopyrightMatchesTable } from './copyright.tables';
import { CopyrightRepository } from './copyright.repository';
import type { CopyrightService } from './copyright.service';

/** The block's PolicyId for an answer the copyright check withheld (critical events list it with the others). */
export const COPYRIGHT_BLOCK_ID = 'copyright_checker';
export const COPYRIGHT_BLOCK_NAME = 'Copyright check';
export const COPYRIGHT_FEATURE_OFF = 'The copyright check is turned off in System Settings';
export const COPYRIGHT_NOTHING_TO_CHECK = 'No protected works are registered and licence checking is off';
export const COPYRIGHT_NOT_RUN_WITHHELD = 'Not run: the answer was withheld by verification';

export interface CopyrightStageResult {
  update: StageUpdate;
  matches: CopyrightMatch[];
  blocked: (PromptBlock & { message: string }) | null;
  warning: string | null;
}

const percent = (share: number) => `${Math.round(share * 100)} %`;

function sourcesOf(matches: readonly CopyrightMatch[]): string {
  const names = [...new Set(matches.map((match) => (match.LicenceId ? `${match.SourceName} (${match.LicenceId})` : `"${match.SourceName}"`)))];
  return names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
}

export async function copyrightStage(service: CopyrightService, organizationId: string, answer: string): Promise<CopyrightStageResult> {
  const startedAt = performance.now();
  let check: Awaited<ReturnType<CopyrightService['checkAnswer']>>;
  try {
    check = await service.checkAnswer(organizationId, answer);
  } catch (error) {
    // Fail closed when the organization withholds matching answers: an unchecked answer must not reach people.
    const withhold = await service.couldWithhold(organizationId).catch(() => true);
    const reason = `The copyright check failed: ${error instanceof Error ? error.message : 'unknown error'}`;
    return {
      update: failed(reason, { latencyMs: elapsed(startedAt) }),
      matches: [],
      blocked: withhold ? { PolicyId: COPYRIGHT_BLOCK_ID, PolicyName: COPYRIGHT_BLOCK_NAME, Reason: reason, message: 'The answer was withheld: the copyright check could not be completed.' } : null,
      warning: null,
    };
  }
  if ('skipped' in check) return { update: skipped(check.skipped, 'disabled'), matches: [], blocked: null, warning: null };
  const detail: CopyrightOutcome = { Matches: check.matches, Coverage: check.coverage, Action: check.action, WorksChecked: check.worksChecked, LicencesChecked: check.licences };
  const latencyMs = elapsed(startedAt);
  if (!check.matches.length) {
    return { update: success('No protected work or licence text found in the answer', { latencyMs, tokensIn: 0, tokensOut: 0, detail }), matches: [], blocked: null, warning: null };
  }
  const sources = sourcesOf(check.matches);
  const found = `${check.matches.length} match${check.matches.length === 1 ? '' : 'es'} (${percent(check.coverage)} of the answer): ${sources}`;
  if (check.action === 'block_response') {
    return {
      update: success(`${found}: withheld`, { latencyMs, tokensIn: 0, tokensOut: 0, detail }),
      matches: check.matches,
      blocked: { PolicyId: COPYRIGHT_BLOCK_ID, PolicyName: COPYRIGHT_BLOCK_NAME, Reason: `The answer reproduces ${sources}`, message: `The answer was withheld by the copyright check: it reproduces ${sources}.` },
      warning: null,
    };
  }
  const warning = check.action === 'warn_user' ? `Copyright: this answer reproduces ${sources} (${percent(check.coverage)} of the answer).` : null;
  return { update: success(found, { latencyMs, tokensIn: 0, tokensOut: 0, detail }), matches: check.matches, blocked: null, warning };
}

/** Keeps the matches of a finished prompt (protected works' match counts and the copyright figures read them). */
export async function recordMatches(db: Kysely<Database>, organizationId: string, promptId: string, matches: readonly CopyrightMatch[], withheld: boolean): Promise<void> {
  if (!matches.length) return;
  const at = Date.now();
  const rows: Insertable<CopyrightMatchesTable>[] = matches.map((match) => ({
    id: newId(),
    organization_id: organizationId,
    prompt_id: promptId,
    kind: match.Kind,
    work_id: match.WorkId,
    licence_id: match.LicenceId,
    source_name: match.SourceName,
    status: match.Status,
    answer_start: match.AnswerStart,
    answer_end: match.AnswerEnd,
    source_start: match.SourceStart,
    source_end: match.SourceEnd,
    coverage: match.Coverage,
    copied_words: match.CopiedWords,
    withheld: withheld ? 1 : 0,
    created_at: at,
  }));
  await new CopyrightRepository(db).insertMatches(rows);
}
