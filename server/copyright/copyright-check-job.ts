// Long answers' copyright checks (§4 copyright match status): the answer is delivered at once and its check runs as
// the `copyright-check` job. The check's record moves CREATED → PROCESSING → COMPLETED (or ERROR: the external service
// failed, or the job failed for good); the prompt's lifecycle record stays in progress, its copyright_checker stage
// WAITING, until the job writes the stage and finishes the prompt (its metrics fact then counts the matches). Restart
// safe: the job is taken up again when its server dies, and a restart's recovery leaves such prompts to the job.
import type { Kysely } from 'kysely';
import { CopyrightMatchStatus } from '../../domain/enums';
import type { CopyrightAction, CopyrightOutcome } from '../../domain/schemas/copyright';
import { newId } from '../db/ids';
import type { Database } from '../db/schema';
import type { JobFinisher, JobHandler, JobRunner } from '../jobs/job-runner';
import { LifecycleRepository } from '../pipeline/lifecycle.repository';
import type { PromptOutcome, StageTrace } from '../pipeline/lifecycle.repository';
import { failed } from '../pipeline/stages';
import { copyrightStage, deferredStage, recordMatches } from './copyright-stage';
import type { CopyrightService } from './copyright.service';

export const COPYRIGHT_CHECK_JOB = 'copyright-check';

export interface DeferredCheck {
  organizationId: string;
  customerId: string | null;
  promptId: string;
  answer: string;
  action: CopyrightAction;
  /** The prompt's outcome, written when the job finishes it. */
  outcome: Omit<PromptOutcome, 'status' | 'blocked'>;
  /** Every stage but the copyright check's, as the pipeline recorded them. */
  trace: StageTrace;
}

/**
 * In one transaction: the run's stages (the prompt stays in progress), the check CREATED with the answer, and its job.
 * Answers the check's id.
 */
export async function deferCheck(db: Kysely<Database>, jobs: JobRunner, check: DeferredCheck): Promise<string> {
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await new LifecycleRepository(trx).writeStages(check.promptId, new Map([...check.trace, ['copyright_checker', deferredStage(CopyrightMatchStatus.CREATED, check.action)]]));
    const at = Date.now();
    await trx
      .insertInto('copyright_checks')
      .values({ id, organization_id: check.organizationId, prompt_id: check.promptId, status: CopyrightMatchStatus.CREATED, answer_text: check.answer, outcome_json: JSON.stringify(check.outcome), answer_chars: check.answer.length, job_id: null, error: null, created_at: at, updated_at: at })
      .execute();
    const job = await jobs.enqueue(COPYRIGHT_CHECK_JOB, { checkId: id }, { customerId: check.customerId, organizationId: check.organizationId }, trx);
    await trx.updateTable('copyright_checks').set({ job_id: job.id }).where('id', '=', id).execute();
  });
  jobs.announce();
  return id;
}

export function copyrightCheckJob(service: () => CopyrightService): { run: JobHandler; finish: JobFinisher } {
  const run: JobHandler = async ({ db, payload, progress }) => {
    const { checkId } = payload as { checkId: string };
    const check = await db.selectFrom('copyright_checks').selectAll().where('id', '=', checkId).executeTakeFirst();
    if (!check || check.answer_text === null || check.outcome_json === null) return 'The check had already finished.';
    const lifecycle = new LifecycleRepository(db);
    const action = ((await lifecycle.storedTrace(check.prompt_id)).get('copyright_checker')?.detail as CopyrightOutcome | null)?.Action ?? 'show_response';
    await db.updateTable('copyright_checks').set({ status: CopyrightMatchStatus.PROCESSING, updated_at: Date.now() }).where('id', '=', checkId).execute();
    await lifecycle.updateStage(check.prompt_id, 'copyright_checker', deferredStage(CopyrightMatchStatus.PROCESSING, action));
    await progress(10, `Checking an answer of ${check.answer_chars} characters`);
    const result = await copyrightStage(service(), check.organization_id, check.answer_text, { deferred: true });
    await progress(90, 'Recording the matches');
    const trace = await lifecycle.storedTrace(check.prompt_id);
    trace.set('copyright_checker', result.update);
    const outcome = JSON.parse(check.outcome_json) as DeferredCheck['outcome'];
    const finished = await lifecycle.finish(check.prompt_id, { ...outcome, status: 'success', blocked: null }, Date.now(), trace);
    // A rerun after a crash finds the prompt finished already: its matches were kept then.
    if (finished) await recordMatches(db, check.organization_id, check.prompt_id, result.matches, false);
    const status = (result.update.detail as CopyrightOutcome | undefined)?.Status ?? CopyrightMatchStatus.COMPLETED;
    await db
      .updateTable('copyright_checks')
      .set({ status, error: (result.update.detail as CopyrightOutcome | undefined)?.ServiceError ?? null, answer_text: null, outcome_json: null, updated_at: Date.now() })
      .where('id', '=', checkId)
      .execute();
    return `${result.matches.length} match${result.matches.length === 1 ? '' : 'es'}`;
  };

  /** A job that failed for good: the check ERROR, the prompt finished with the stage failed (its answer was delivered). */
  const finish: JobFinisher = async (db, job, outcome) => {
    if (outcome.ok) return;
    const { checkId } = JSON.parse(job.payload_json) as { checkId: string };
    const check = await db.selectFrom('copyright_checks').selectAll().where('id', '=', checkId).executeTakeFirst();
    if (!check || check.outcome_json === null) return;
    const reason = `The copyright check failed: ${outcome.message ?? 'unknown error'}`;
    const lifecycle = new LifecycleRepository(db);
    const trace = await lifecycle.storedTrace(check.prompt_id);
    const action = (trace.get('copyright_checker')?.detail as CopyrightOutcome | null)?.Action ?? 'show_response';
    const detail: CopyrightOutcome = { Matches: [], Coverage: 0, Action: action, WorksChecked: 0, LicencesChecked: false, Status: CopyrightMatchStatus.ERROR, Deferred: true, ServiceError: null };
    trace.set('copyright_checker', failed(reason, { detail }));
    await lifecycle.finish(check.prompt_id, { ...(JSON.parse(check.outcome_json) as DeferredCheck['outcome']), status: 'success', blocked: null }, Date.now(), trace);
    await db.updateTable('copyright_checks').set({ status: CopyrightMatchStatus.ERROR, error: reason, answer_text: null, outcome_json: null, updated_at: Date.now() }).where('id', '=', checkId).execute();
  };
  return { run, finish };
}
