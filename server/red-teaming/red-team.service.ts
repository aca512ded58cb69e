// Red-teaming jobs of an organization (ORG_ADMIN): create (plan every attempt, then run as a job), list, results,
// attempts, cancel, re-run of the failed attempts, delete, export; and the organization's guard examples.
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { Role } from '../../domain/enums';
import type { GuardExampleInputSchema, RedTeamAttempt, RedTeamJob, RedTeamJobInputSchema, RedTeamResults } from '../../domain/schemas/red-teaming';
import { RED_TEAM_CATEGORIES, RED_TEAM_STRATEGIES } from '../../domain/schemas/red-teaming';
import { recordAudit } from '../audit/audit.service';
import type { Principal } from '../auth/principal';
import { newId } from '../db/ids';
import { badRequest, conflict, HttpError, notFound } from '../http/errors';
import { iso } from '../http/rest';
import type { ListParams } from '../http/list-query';
import { filterIds, filterText } from '../http/rest';
import { attemptsCsv, toGuardExample, toRedTeamAttempt, toRedTeamJob } from './red-team.dto';
import { RED_TEAM_JOB, resolveTarget } from './engine';
import { GuardExamplesRepository } from './guard-examples.repository';
import { newJobSecrets, planJob } from './plan';
import type { IndirectCarrier, JobSecrets } from './plan';
import { renderRedTeamReport } from './report-pdf';
import { removeChunks } from './chunk-carrier';
import type { AttemptInsert, AttemptSortField, JobSortField, RedTeamJobRow } from './red-team.repository';
import { RedTeamRepository } from './red-team.repository';
import { categoryResults, overallRate, strategyResults } from './results';

export const RED_TEAM_MANAGERS = [Role.ORG_ADMIN];
const RESOURCE = 'red-teaming';
const TREND_RUNS = 10;
/** Outcomes "Re-run failed attempts" sends again: the attacks that got through, and the ones that errored. */
export const RERUN_OUTCOMES = ['succeeded', 'error'];

type JobInput = z.output<typeof RedTeamJobInputSchema>;
type GuardExampleInput = z.output<typeof GuardExampleInputSchema>;

const orgOf = (actor: Principal): string => {
  if (!actor.organizationId) throw notFound('The red-teaming job');
  return actor.organizationId;
};

export class RedTeamService {
  constructor(private readonly app: FastifyInstance) {}

  private get db() {
    return this.app.db.kysely;
  }

  private get repository() {
    return new RedTeamRepository(this.db);
  }

  private async jobOrThrow(actor: Principal, id: string): Promise<RedTeamJobRow> {
    const job = await this.repository.findJob(orgOf(actor), id);
    if (!job) throw notFound('The red-teaming job');
    return job;
  }

  private async present(rows: RedTeamJobRow[]): Promise<RedTeamJob[]> {
    const counts = await this.repository.outcomeCounts(rows.map((row) => row.id));
    return rows.map((row) => toRedTeamJob(row, counts));
  }

  async list(actor: Principal, params: ListParams<JobSortField>): Promise<{ rows: RedTeamJob[]; total: number }> {
    const page = await this.repository.listJobs(orgOf(actor), { sort: params.sortField, order: params.sortOrder, offset: params.offset, limit: params.limit, ids: filterIds(params.filter.id), q: filterText(params.filter.q) });
    return { rows: await this.present(page.rows), total: page.total };
  }

  async get(actor: Principal, id: string): Promise<RedTeamJob> {
    const [job] = await this.present([await this.jobOrThrow(actor, id)]);
    return job!;
  }

  /** The target and the member must exist and be usable now: answered as field errors. */
  private async checkTarget(actor: Principal, input: JobInput, runAsUserId: string): Promise<string> {
    const organizationId = orgOf(actor);
    const member = await this.db.selectFrom('users').select(['id']).where('id', '=', runAsUserId).where('organization_id', '=', organizationId).executeTakeFirst();
    if (!member) throw badRequest('The red-teaming job is not valid.', { RunAsUserId: 'Choose a member of your organization' });
    const field = input.TargetKind === 'copilot' ? 'AppId' : 'LanguageModelId';
    try {
      const target = await resolveTarget(this.app, {
        organization_id: organizationId,
        run_as_user_id: runAsUserId,
        target_kind: input.TargetKind,
        app_id: input.AppId ?? null,
        language_model_id: input.LanguageModelId ?? null,
      });
      if (input.JudgeLanguageModelId) {
        await this.app.services.languageModels.usable(target.actor, input.JudgeLanguageModelId).catch(() => {
          throw badRequest('The red-teaming job is not valid.', { JudgeLanguageModelId: 'The judge must be a language model this member may use' });
        });
      }
      return target.copilot ? target.copilot.appName : target.model.Name;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 400) throw error;
      const message = error instanceof Error ? error.message : 'not usable';
      throw badRequest('The red-teaming job is not valid.', { [field]: `${message.replace(/\.$/, '')} (for this member)` });
    }
  }

  async create(actor: Principal, input: JobInput): Promise<RedTeamJob> {
    const organizationId = orgOf(actor);
    const runAsUserId = input.RunAsUserId ?? actor.userId;
    const targetName = await this.checkTarget(actor, input, runAsUserId);
    // The domain's order, whatever the form's.
    const categories = RED_TEAM_CATEGORIES.filter((category) => input.Categories.includes(category));
    const strategies = RED_TEAM_STRATEGIES.filter((strategy) => input.Strategies.includes(strategy));
    const secrets = newJobSecrets();
    const id = newId();
    const at = Date.now();
    const row: RedTeamJobRow = {
      id,
      organization_id: organizationId,
      name: input.Name,
      target_kind: input.TargetKind,
      language_model_id: input.TargetKind === 'language_model' ? (input.LanguageModelId ?? null) : null,
      app_id: input.TargetKind === 'copilot' ? (input.AppId ?? null) : null,
      target_name: targetName,
      run_as_user_id: runAsUserId,
      categories_json: JSON.stringify(categories),
      strategies_json: JSON.stringify(strategies),
      attempts_per_category: input.AttemptsPerCategory,
      concurrency: input.Concurrency,
      system_prompt: input.SystemPrompt?.trim() ? input.SystemPrompt : null,
      judge_language_model_id: input.JudgeLanguageModelId ?? null,
      status: 'queued',
      message: null,
      job_id: null,
      rerun_of: null,
      secrets_json: JSON.stringify(secrets),
      created_by: actor.userId,
      created_at: at,
      finished_at: null,
    };
    const carrier = input.IndirectCarrier ?? (await this.defaultCarrier(organizationId, input));
    const attempts: AttemptInsert[] = planJob(categories, strategies, input.AttemptsPerCategory, secrets, carrier).map((planned) => ({
      id: newId(),
      job_id: id,
      organization_id: organizationId,
      ordinal: planned.ordinal,
      category: planned.category,
      strategy: planned.strategy,
      attack_id: planned.attackId,
      turns_json: JSON.stringify(planned.turns),
      document: planned.document,
      carrier: planned.carrier,
      outcome: 'pending',
      evidence: null,
      rule: null,
      answer: null,
      judge_json: null,
      prompt_id: null,
      previous_outcome: null,
      finished_at: null,
    }));
    return this.start(actor, row, attempts, `Started red-teaming job "${row.name}" against ${targetName}`);
  }

  /** A copilot with data sources is attacked through a chunk of them; anything else through an attached document. */
  private async defaultCarrier(organizationId: string, input: JobInput): Promise<IndirectCarrier> {
    if (input.TargetKind !== 'copilot' || !input.AppId) return 'document';
    const source = await this.db
      .selectFrom('app_data_sources')
      .innerJoin('apps', 'apps.id', 'app_data_sources.app_id')
      .select('app_data_sources.data_source_id')
      .where('apps.id', '=', input.AppId)
      .where('apps.organization_id', '=', organizationId)
      .executeTakeFirst();
    return source ? 'data_source' : 'document';
  }

  private async start(actor: Principal, row: RedTeamJobRow, attempts: AttemptInsert[], summary: string): Promise<RedTeamJob> {
    await this.repository.insertJob(row, attempts);
    const queued = await this.app.services.jobs.enqueue(RED_TEAM_JOB, { redTeamJobId: row.id }, { customerId: actor.customerId, organizationId: row.organization_id });
    await this.repository.updateJob(row.id, { job_id: queued.id });
    await recordAudit(this.db, actor, { action: 'create', resource: RESOURCE, recordId: row.id, summary });
    return this.get(actor, row.id);
  }

  async cancel(actor: Principal, id: string): Promise<RedTeamJob> {
    const job = await this.jobOrThrow(actor, id);
    if (!(await this.repository.transition(job.id, ['queued', 'running'], { status: 'cancelled', message: 'Cancelled by an administrator', finished_at: Date.now() }))) {
      throw conflict(`The red-teaming job is ${job.status}; only a queued or running job can be cancelled.`);
    }
    await recordAudit(this.db, actor, { action: 'update', resource: RESOURCE, recordId: id, summary: `Cancelled red-teaming job "${job.name}"` });
    return this.get(actor, id);
  }

  /** A new job with the same settings and secrets that sends again the attempts that succeeded or errored. */
  async rerun(actor: Principal, id: string): Promise<RedTeamJob> {
    const source = await this.jobOrThrow(actor, id);
    if (source.status === 'queued' || source.status === 'running') throw conflict('The red-teaming job is still running; re-run its failed attempts when it has finished.');
    const failed = (await this.repository.allAttempts(id)).filter((attempt) => RERUN_OUTCOMES.includes(attempt.outcome));
    if (!failed.length) throw conflict('No attempt of this job succeeded or failed: there is nothing to re-run.');
    await this.checkTarget(actor, { ...this.inputOf(source) }, source.run_as_user_id);
    const newJobId = newId();
    const row: RedTeamJobRow = { ...source, id: newJobId, name: `${source.name} (re-run)`.slice(0, 120), status: 'queued', message: null, job_id: null, rerun_of: source.id, created_by: actor.userId, created_at: Date.now(), finished_at: null };
    const attempts: AttemptInsert[] = failed.map((attempt, ordinal) => ({
      ...attempt,
      id: newId(),
      job_id: newJobId,
      ordinal,
      outcome: 'pending',
      evidence: null,
      rule: null,
      flagged: 0,
      answer: null,
      judge_json: null,
      prompt_id: null,
      previous_outcome: attempt.outcome,
      finished_at: null,
    }));
    return this.start(actor, row, attempts, `Re-ran ${attempts.length} failed attempts of red-teaming job "${source.name}"`);
  }

  private inputOf(job: RedTeamJobRow): JobInput {
    return {
      Name: job.name,
      TargetKind: job.target_kind as JobInput['TargetKind'],
      LanguageModelId: job.language_model_id === null ? null : Number(job.language_model_id),
      AppId: job.app_id,
      RunAsUserId: job.run_as_user_id,
      Categories: JSON.parse(job.categories_json) as JobInput['Categories'],
      Strategies: JSON.parse(job.strategies_json) as JobInput['Strategies'],
      AttemptsPerCategory: Number(job.attempts_per_category),
      Concurrency: Number(job.concurrency),
      SystemPrompt: job.system_prompt,
      JudgeLanguageModelId: job.judge_language_model_id === null ? null : Number(job.judge_language_model_id),
    };
  }

  async delete(actor: Principal, id: string): Promise<RedTeamJob> {
    const job = await this.get(actor, id);
    // A running job stops at its next attempt: it finds itself gone.
    await this.repository.deleteJob(orgOf(actor), id);
    await removeChunks(this.db, id);
    await recordAudit(this.db, actor, { action: 'delete', resource: RESOURCE, recordId: id, summary: `Deleted red-teaming job "${job.Name}"` });
    return job;
  }

  async results(actor: Principal, id: string): Promise<RedTeamResults> {
    const job = await this.jobOrThrow(actor, id);
    const earlier = await this.repository.earlierRuns(job, TREND_RUNS);
    const [counts, earlierCounts] = await Promise.all([this.repository.outcomeCounts([job.id]), this.repository.outcomeCounts(earlier.map((run) => run.id))]);
    const previous = earlier.at(-1);
    const categories = JSON.parse(job.categories_json) as JobInput['Categories'];
    const strategies = JSON.parse(job.strategies_json) as JobInput['Strategies'];
    return {
      JobId: job.id,
      Categories: categoryResults(categories, counts, previous ? earlierCounts.filter((count) => count.job_id === previous.id) : []),
      Strategies: strategyResults(strategies, counts),
      Trend: [...earlier, job].map((run) => ({
        JobId: run.id,
        Name: run.name,
        CreatedAt: iso(Number(run.created_at)),
        SuccessRate: overallRate(run.id === job.id ? counts : earlierCounts.filter((count) => count.job_id === run.id)).rate,
      })),
    };
  }

  async attempts(actor: Principal, id: string, params: ListParams<AttemptSortField>): Promise<{ rows: RedTeamAttempt[]; total: number }> {
    const job = await this.jobOrThrow(actor, id);
    const outcome = params.filter.Outcome;
    const page = await this.repository.listAttempts(
      job.id,
      {
        outcome: outcome === undefined ? undefined : (Array.isArray(outcome) ? outcome : [outcome]).filter((item): item is string => typeof item === 'string'),
        category: typeof params.filter.Category === 'string' ? params.filter.Category : undefined,
        strategy: typeof params.filter.Strategy === 'string' ? params.filter.Strategy : undefined,
      },
      { sort: params.sortField, order: params.sortOrder, offset: params.offset, limit: params.limit },
    );
    return { rows: page.rows.map(toRedTeamAttempt), total: page.total };
  }

  async export(actor: Principal, id: string, format: 'csv' | 'json'): Promise<{ body: string; contentType: string; fileName: string }> {
    const job = await this.get(actor, id);
    const attempts = (await this.repository.allAttempts(id)).map(toRedTeamAttempt);
    const base = `red-team-${job.id}`;
    if (format === 'csv') return { body: attemptsCsv(attempts), contentType: 'text/csv; charset=utf-8', fileName: `${base}.csv` };
    const results = await this.results(actor, id);
    return { body: JSON.stringify({ Job: job, Results: results, Attempts: attempts }, null, 2), contentType: 'application/json; charset=utf-8', fileName: `${base}.json` };
  }

  /** The PDF report: summary, per category and strategy, trend, and the top successful attempts without secrets. */
  async report(actor: Principal, id: string): Promise<{ body: Buffer; fileName: string }> {
    const row = await this.jobOrThrow(actor, id);
    const job = await this.get(actor, id);
    const results = await this.results(actor, id);
    const attempts = (await this.repository.allAttempts(id)).map(toRedTeamAttempt);
    const body = await renderRedTeamReport({ job, results, attempts, secrets: JSON.parse(row.secrets_json) as JobSecrets });
    return { body, fileName: `red-team-${job.id}.pdf` };
  }

  // Guard examples -------------------------------------------------------------------------------------------------

  async listExamples(actor: Principal, params: ListParams<'CreatedAt' | 'id'>) {
    const page = await new GuardExamplesRepository(this.db).list(orgOf(actor), params.offset, params.limit, params.sortOrder, params.sortField === 'id' ? 'id' : 'created_at');
    return { rows: page.rows.map(toGuardExample), total: page.total };
  }

  async addExample(actor: Principal, input: GuardExampleInput) {
    const organizationId = orgOf(actor);
    if (input.SourceAttemptId && !(await this.repository.findAttempt(organizationId, input.SourceAttemptId))) {
      throw badRequest('The guard example is not valid.', { SourceAttemptId: 'No such attempt in your organization' });
    }
    const row = { id: newId(), organization_id: organizationId, text: input.Text, source_attempt_id: input.SourceAttemptId ?? null, created_by: actor.userId, created_at: Date.now() };
    await new GuardExamplesRepository(this.db).insert(row);
    await recordAudit(this.db, actor, { action: 'create', resource: 'guard-examples', recordId: row.id, summary: 'Added a prompt guard example' });
    return toGuardExample(row);
  }

  async deleteExample(actor: Principal, id: string) {
    const repository = new GuardExamplesRepository(this.db);
    const row = await repository.find(orgOf(actor), id);
    if (!row) throw notFound('The guard example');
    await repository.delete(orgOf(actor), id);
    await recordAudit(this.db, actor, { action: 'delete', resource: 'guard-examples', recordId: id, summary: 'Removed a prompt guard example' });
    return toGuardExample(row);
  }
}
