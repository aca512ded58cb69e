// The pipeline's copyright_checker stage: the check of the answer, what the lifecycle record keeps of it, and what
// the organization's action does to the answer (show, warn with the match, withhold), like the verifiers' actions.
import type { ConfigReader } from '../db/config-cache';
import type { Insertable, Kysely } from 'kysely';
import { CopyrightMatchStatus, PromptCycleStatus } from '../../domain/enums';
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
export const COPYRIGHT_DEFERRED_REASON = 'Queued: the answer is checked in the background after delivery';
export const COPYRIGHT_PROCESSING_REASON = 'Checking the answer in the background';

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

export interface CopyrightStageOptions {
  /** Checked by the background job after the answer was delivered: the action can no longer hold it back. */
  deferred?: boolean;
  /** The prompt's view of the configuration (config-cache.ts). */
  config?: ConfigReader;
}

export async function copyrightStage(service: CopyrightService, organizationId: string, answer: string, options: CopyrightStageOptions = {}): Promise<CopyrightStageResult> {
  const startedAt = performance.now();
  const deferred = options.deferred === true;
  let check: Awaited<ReturnType<CopyrightService['checkAnswer']>>;
  try {
    check = await service.checkAnswer(organizationId, answer, options.config);
  } catch (error) {
    // Fail closed when the organization withholds matching answers: an unchecked answer must not reach people.
    const withhold = !deferred && (await service.couldWithhold(organizationId, options.config).catch(() => true));
    const reason = `The copyright check failed: ${error instanceof Error ? error.message : 'unknown error'}`;
    return {
      update: failed(reason, { latencyMs: elapsed(startedAt), detail: { Matches: [], Coverage: 0, Action: 'show_response', WorksChecked: 0, LicencesChecked: false, Status: CopyrightMatchStatus.ERROR, Deferred: deferred, ServiceError: null } }),
      matches: [],
      blocked: withhold ? { PolicyId: COPYRIGHT_BLOCK_ID, PolicyName: COPYRIGHT_BLOCK_NAME, Reason: reason, message: 'The answer was withheld: the copyright check could not be completed.' } : null,
      warning: null,
    };
  }
  if ('skipped' in check) return { update: skipped(check.skipped, 'disabled'), matches: [], blocked: null, warning: null };
  // The external service failing is recorded (status ERROR, its reason) and never holds the answer back.
  const status = check.serviceError ? CopyrightMatchStatus.ERROR : CopyrightMatchStatus.COMPLETED;
  const detail: CopyrightOutcome = {
    Matches: check.matches,
    Coverage: check.coverage,
    Action: check.action,
    WorksChecked: check.worksChecked,
    LicencesChecked: check.licences,
    Status: status,
    Deferred: deferred,
    ServiceChecked: check.serviceChecked,
    ServiceError: check.serviceError,
  };
  const latencyMs = elapsed(startedAt);
  const serviceNote = check.serviceError ? `; the external copyright service failed: ${check.serviceError}` : '';
  const done = (reason: string) => (check.serviceError ? failed(`${reason}${serviceNote}`, { latencyMs, tokensIn: 0, tokensOut: 0, detail }) : success(reason, { latencyMs, tokensIn: 0, tokensOut: 0, detail }));
  if (!check.matches.length) {
    return { update: done('No protected work or licence text found in the answer'), matches: [], blocked: null, warning: null };
  }
  const sources = sourcesOf(check.matches);
  const found = `${check.matches.length} match${check.matches.length === 1 ? '' : 'es'} (${percent(check.coverage)} of the answer): ${sources}`;
  if (deferred) return { update: done(`${found}; checked after the answer was delivered`), matches: check.matches, blocked: null, warning: null };
  if (check.action === 'block_response') {
    return {
      update: done(`${found}: withheld`),
      matches: check.matches,
      blocked: { PolicyId: COPYRIGHT_BLOCK_ID, PolicyName: COPYRIGHT_BLOCK_NAME, Reason: `The answer reproduces ${sources}`, message: `The answer was withheld by the copyright check: it reproduces ${sources}.` },
      warning: null,
    };
  }
  const warning = check.action === 'warn_user' ? `Copyright: this answer reproduces ${sources} (${percent(check.coverage)} of the answer).` : null;
  return { update: done(found), matches: check.matches, blocked: null, warning };
}

/** The stage of a long answer whose check a job runs after delivery: WAITING, its check CREATED (then PROCESSING). */
export function deferredStage(status: typeof CopyrightMatchStatus.CREATED | typeof CopyrightMatchStatus.PROCESSING, action: CopyrightOutcome['Action']): StageUpdate {
  const detail: CopyrightOutcome = { Matches: [], Coverage: 0, Action: action, WorksChecked: 0, LicencesChecked: false, Status: status, Deferred: true, ServiceError: null };
  return {
    cycleStatus: PromptCycleStatus.WAITING,
    serviceStatus: 'in_progress',
    reason: status === CopyrightMatchStatus.CREATED ? COPYRIGHT_DEFERRED_REASON : COPYRIGHT_PROCESSING_REASON,
    detail,
  };
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
