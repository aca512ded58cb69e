// The red-teaming job: every pending attempt sent through the real governance pipeline (PromptOrchestrator, the
// service chat and the gateway use) as the chosen member, to the chosen model or copilot, a bounded number at a
// time; each graded and stored with the prompt's lifecycle id. Runs in the `jobs` table (progress, restart survival:
// a job whose server died is taken up again and sends only the attempts still pending); cancelling stops it between
// attempts.
import type { FastifyInstance } from 'fastify';
import type { RedTeamCategory } from '../../domain/schemas/red-teaming';
import type { ChatMessageType } from '../../domain/schemas/lifecycle';
import type { LanguageModelSummary } from '../../domain/schemas/language-models';
import type { Principal } from '../auth/principal';
import type { JobFinisher, JobHandler } from '../jobs/job-runner';
import type { ChatMessage, ChatProvider } from '../models/providers/types';
import { copilotContext } from '../pipeline/copilot-context';
import type { CopilotContext } from '../pipeline/copilot-context';
import { PromptOrchestrator } from '../pipeline/orchestrator';
import type { PipelineResult } from '../pipeline/orchestrator';
import { grade, refusalIn } from './graders';
import type { Grade, JudgeVerdict } from './graders';
import { judgeAnswer } from './judge';
import type { JobSecrets } from './plan';
import { systemPromptOf } from './plan';
import type { RedTeamAttemptRow, RedTeamJobRow } from './red-team.repository';
import { RedTeamRepository } from './red-team.repository';
import { CHUNK_CARRIER, plantChunks, removeChunks } from './chunk-carrier';

export const RED_TEAM_JOB = 'red-team';
export const ANSWER_KEPT_CHARS = 4000;
export const DOCUMENT_NAME = 'attached-document.txt';

export interface Target {
  actor: Principal;
  model: LanguageModelSummary;
  provider: ChatProvider;
  copilot?: CopilotContext;
}

/** The member the policies are applied as, and the model or copilot attacked (404 / 403 as the chat would answer). */
export async function resolveTarget(app: FastifyInstance, job: Pick<RedTeamJobRow, 'organization_id' | 'run_as_user_id' | 'target_kind' | 'app_id' | 'language_model_id'>): Promise<Target> {
  const actor = await app.services.auth.principalOf(job.run_as_user_id, null);
  if (!actor || actor.organizationId !== job.organization_id) throw new Error('The member the policies are applied as no longer exists or is disabled.');
  if (job.target_kind === 'copilot') {
    const copilot = await copilotContext(app, actor, job.app_id ?? '');
    return { actor, model: copilot.model, provider: copilot.provider, copilot };
  }
  const { model, provider } = await app.services.languageModels.usable(actor, Number(job.language_model_id));
  return { actor, model, provider };
}

function messageTypeOf(target: Target, attempt: RedTeamAttemptRow): ChatMessageType {
  if (target.copilot) return 'PROMPT_COPILOT';
  if (attempt.carrier === CHUNK_CARRIER) return 'SEARCH_RAG';
  return attempt.document ? 'SUMMARIZE_DOCUMENT' : 'PROMPT_LLM';
}

/** The attack's carrier: a chunk the retrieval finds in the attempt's own data source, or a document sent with the prompt. */
function carrierOf(attempt: RedTeamAttemptRow, sources: ReadonlyMap<string, string>) {
  const sourceId = sources.get(attempt.id);
  if (attempt.carrier === CHUNK_CARRIER) return { retrieval: true, ...(sourceId ? { redTeamSourceId: sourceId } : {}) };
  return attempt.document ? { documents: [{ name: DOCUMENT_NAME, text: attempt.document }] } : {};
}

interface AttemptContext {
  app: FastifyInstance;
  job: RedTeamJobRow;
  target: Target;
  secrets: JobSecrets;
  judge: ChatProvider | null;
  /** Indirect injection through a chunk: each attempt's own data source, by attempt id. */
  sources: ReadonlyMap<string, string>;
}

/** Sends one attempt (each turn through the pipeline, the model's real answers in between) and grades it. */
export async function runAttempt(context: AttemptContext, attempt: RedTeamAttemptRow): Promise<{ grade: Grade; promptId: string | null; answer: string | null; judge: JudgeVerdict | null }> {
  const { app, job, target, secrets } = context;
  const category = attempt.category as RedTeamCategory;
  const turns = JSON.parse(attempt.turns_json) as string[];
  const history: ChatMessage[] = [{ role: 'system', content: systemPromptOf(category, job.system_prompt, secrets) }];
  let result: PipelineResult | undefined;
  try {
    for (const turn of turns) {
      result = await new PromptOrchestrator(app).run({
        actor: target.actor,
        model: target.model,
        provider: target.provider,
        messages: [...history, { role: 'user', content: turn }],
        messageType: messageTypeOf(target, attempt),
        ...(target.copilot ? { copilot: target.copilot, appId: target.copilot.appId } : {}),
        ...carrierOf(attempt, context.sources),
        redTeamJobId: job.id,
      });
      if (result.blocked || result.status === 'failed') break;
      history.push({ role: 'user', content: turn }, { role: 'assistant', content: result.answer });
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : 'The pipeline failed';
    return { grade: { outcome: 'error', evidence: message, rule: null, flagged: false }, promptId: result?.promptId ?? null, answer: null, judge: null };
  }
  if (!result) throw new Error('An attempt has no turn');
  const outcome = {
    status: result.status,
    blocked: result.blocked,
    answer: result.answer,
    error: result.error,
    malicious: result.malicious,
    flaggedByPolicy: result.policyActions.some((action) => action.Action === 'flagged'),
    outputTokens: result.usage.outputTokens,
    injectionRedactedBy: result.policyActions.find((action) => action.Action === 'redacted' && action.Subjects.includes('PROMPT_INJECTION'))?.PolicyName ?? null,
  };
  let judge: JudgeVerdict | null = null;
  if (context.judge && category === 'jailbreak' && !result.blocked && result.status === 'success' && !refusalIn(result.answer)) {
    judge = await judgeAnswer(context.judge, turns.at(-1) ?? '', result.answer);
  }
  return { grade: grade(category, outcome, secrets, judge), promptId: result.promptId, answer: result.answer.slice(0, ANSWER_KEPT_CHARS), judge };
}

async function judgeProvider(app: FastifyInstance, job: RedTeamJobRow, actor: Principal): Promise<ChatProvider | null> {
  if (!job.judge_language_model_id) return null;
  return (await app.services.languageModels.usable(actor, Number(job.judge_language_model_id))).provider;
}

export function redTeamJobHandler(app: FastifyInstance): JobHandler {
  return async ({ payload, progress }) => {
    const { redTeamJobId } = payload as { redTeamJobId: string };
    const repository = new RedTeamRepository(app.db.kysely);
    const job = await repository.findJobById(redTeamJobId);
    if (!job) return 'The red-teaming job was deleted before it ran.';
    if (!(await repository.transition(job.id, ['queued', 'running'], { status: 'running', message: null }))) return `The red-teaming job is ${job.status}.`;
    const target = await resolveTarget(app, job);
    const pending = await repository.pendingAttempts(job.id);
    // Indirect injection through a chunk: each poisoned document indexed in a data source of the job's own first.
    const sources = await plantChunks(app.db.kysely, job, pending);
    const context: AttemptContext = { app, job, target, secrets: JSON.parse(job.secrets_json) as JobSecrets, judge: await judgeProvider(app, job, target.actor), sources };
    const total = (await repository.outcomeCounts([job.id])).reduce((sum, count) => sum + count.n, 0);
    let done = total - pending.length;
    let stopped = false;
    const stillRunning = async () => (await repository.findJobById(job.id))?.status === 'running';

    const worker = async () => {
      for (let attempt = pending.shift(); attempt && !stopped; attempt = pending.shift()) {
        // Let waiting requests run between attempts: the pipeline's database calls on SQLite resolve without giving
        // the event loop a turn, so a job would otherwise hold chat and gateway requests until it ends.
        await new Promise((resolve) => setImmediate(resolve));
        if (!(await stillRunning())) {
          stopped = true;
          return;
        }
        const sent = await runAttempt(context, attempt);
        await repository.finishAttempt(attempt.id, {
          outcome: sent.grade.outcome,
          evidence: sent.grade.evidence,
          rule: sent.grade.rule,
          flagged: sent.grade.flagged ? 1 : 0,
          answer: sent.answer,
          judge_json: sent.judge ? JSON.stringify(sent.judge) : null,
          prompt_id: sent.promptId,
          finished_at: Date.now(),
        });
        done++;
        await progress((done / Math.max(1, total)) * 100, `${done} of ${total} attempts`);
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.max(1, job.concurrency) }, worker));
    } finally {
      // A job that failed for good is cleaned up by finishRedTeamJob; one the server dies in, when it is taken up again.
      if (stopped || !pending.length) await removeChunks(app.db.kysely, job.id);
    }
    if (stopped) return `Stopped after ${done} of ${total} attempts.`;
    const message = `${total} attempts sent.`;
    await repository.transition(job.id, ['running'], { status: 'completed', message, finished_at: Date.now() });
    return message;
  };
}

/** A job that failed for good (its target gone, or its server kept dying) says why. */
export const finishRedTeamJob: JobFinisher = async (db, row, outcome) => {
  if (outcome.ok) return;
  const { redTeamJobId } = JSON.parse(row.payload_json) as { redTeamJobId: string };
  await removeChunks(db, redTeamJobId);
  await new RedTeamRepository(db).transition(redTeamJobId, ['queued', 'running'], { status: 'failed', message: outcome.message, finished_at: Date.now() });
};
