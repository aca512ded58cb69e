import type { Kysely } from 'kysely';
import { executeCompiledOnce, insertRows } from '../db/compiled-once';
import { grouped } from '../db/group-commit';
import type { GroupWork } from '../db/group-commit';
import { CopyrightMatchStatus, PromptCycleStatus } from '../../domain/enums';
import type { ChatMessageType, LifecycleService, LifecycleServiceStatus, PromptBlock, PromptRecord, PromptStatus } from '../../domain/schemas/lifecycle';
import { PIPELINE_STAGES } from '../../domain/schemas/lifecycle';
import { newId } from '../db/ids';
import { TOOL_COLUMNS, factOf, modelNameOf } from '../metrics/facts';
import type { PromptRow, StageRow } from '../metrics/facts';
import { loadFacts, writeFacts } from '../metrics/facts.repository';
import type { Database } from '../db/schema';

export const INTERRUPTED_REASON = 'Interrupted by a server restart';

export interface NewPrompt {
  organizationId: string;
  userId: string;
  conversationId: string | null;
  appId: string | null;
  languageModelId: number | null;
  messageType: ChatMessageType;
  /** A red-teaming job's attack (0017): marked in the record and kept out of the metrics facts. */
  redTeamJobId?: string | null;
}

export interface StageUpdate {
  cycleStatus: number;
  serviceStatus: LifecycleServiceStatus;
  reason: string | null;
  latencyMs?: number | null;
  tokensIn?: number | null;
  tokensOut?: number | null;
  detail?: Record<string, unknown> | null;
}

export interface PromptOutcome {
  status: Exclude<PromptStatus, 'in_progress'>;
  blocked: PromptBlock | null;
  malicious: boolean;
  flagged: boolean;
  anonymized: boolean;
  redacted: boolean;
  attributes: string[];
  policyIds: string[];
  /** Agent traffic of the prompt (counted in the metrics); left out: none. */
  tools?: ToolTraffic;
}

/** A prompt's tool calls and tool results, as counted (prompts.tool_* columns, 0020). */
export interface ToolTraffic {
  /** Tool calls the model made. */
  calls: number;
  /** Of them, arguments the policies anonymized or redacted. */
  callsAnonymized: number;
  /** Tool results the app sent back. */
  results: number;
  /** Of them, a prompt injection found by the guard. */
  resultsMalicious: number;
  /** Of them, changed by the policies (anonymized or redacted) before the model saw them. */
  resultsAnonymized: number;
}

export const NO_TOOL_TRAFFIC: ToolTraffic = { calls: 0, callsAnonymized: 0, results: 0, resultsMalicious: 0, resultsAnonymized: 0 };

const flag = (value: boolean): number => (value ? 1 : 0);

const toolColumns = (tools: ToolTraffic) => ({
  tool_calls: tools.calls,
  tool_calls_anonymized: tools.callsAnonymized,
  tool_results: tools.results,
  tool_results_malicious: tools.resultsMalicious,
  tool_results_anonymized: tools.resultsAnonymized,
});

function stageColumns(update: StageUpdate, detailJson: string | null) {
  return {
    cycle_status: update.cycleStatus,
    service_status: update.serviceStatus,
    reason: update.reason,
    latency_ms: update.latencyMs ?? null,
    tokens_in: update.tokensIn ?? null,
    tokens_out: update.tokensOut ?? null,
    detail_json: detailJson,
  };
}
const isoOrNull = (ms: number | string | null): string | null => (ms === null ? null : new Date(Number(ms)).toISOString());

/** The stages a run recorded, by service (the pipeline's in-memory trace); the others stay WAITING. */
export type StageTrace = ReadonlyMap<LifecycleService, StageUpdate>;

/** Prompts whose server is gone: one that is not among the live instances, and (at a start) rows naming none. */
export interface InterruptedScope {
  liveInstanceIds: string[];
  /** Also rows that name no instance (written before migration 0014, or by a tool): a server's start recovers them. */
  unowned: boolean;
}

const ID_BATCH = 500;

/** Stage rows a statement inserts at most (ten columns each, within SQLite's bound on a statement's parameters). */
const STAGE_ROW_BATCH = 500;

const interruptedStage = (promptId: string, service: LifecycleService, ordinal: number) => ({
  ...waitingStage(promptId, service, ordinal),
  cycle_status: PromptCycleStatus.FAILED,
  service_status: 'failed',
  reason: INTERRUPTED_REASON,
});

const waitingStage = (promptId: string, service: LifecycleService, ordinal: number) => ({
  prompt_id: promptId,
  ordinal,
  service,
  cycle_status: PromptCycleStatus.WAITING,
  service_status: 'unknown',
  reason: null,
  latency_ms: null,
  tokens_in: null,
  tokens_out: null,
  detail_json: null,
});

/**
 * SQL of the prompt lifecycle records. The pipeline writes a prompt twice: `create` (the prompt in progress, so a crash
 * is visible) and `finish` (one transaction: the outcome, every stage — those the trace lacks as WAITING —, attributes,
 * policies and the metrics fact). A prompt in progress has no stage rows until a stage is written: its reader shows the
 * missing ones WAITING, and a restart's recovery writes them FAILED. The rollups are derived from the facts in the
 * background (`aggregatePending`), never on the request path.
 */
export class LifecycleRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A prompt in progress (its stages WAITING until written), served by `instanceId` (server-instance.ts). */
  async create(input: NewPrompt, at = Date.now(), instanceId: string | null = null): Promise<string> {
    const { id, written } = this.begin(input, at, instanceId);
    await written;
    return id;
  }

  /**
   * `create` without waiting: the prompt's id at once, and its write queued in the group commit (taken at the event
   * loop's next turn). Every later write of the prompt — `finish`, and rows of other tables referencing it — must wait
   * for `written`: on PostgreSQL another group's transaction may commit first, and would not see the row.
   */
  begin(input: NewPrompt, at = Date.now(), instanceId: string | null = null): { id: string; written: Promise<void> } {
    const id = newId();
    // PostgreSQL: the in-progress marker does not wait for the disk flush (a fsync, ~10 ms on a busy disk) when the
    // transaction it shares holds only such markers (group-commit.ts). A crash in the next fraction of a second may
    // lose the marker of a prompt not yet answered; the finished record is committed durably. SQLite (WAL,
    // synchronous NORMAL) never waits for the disk on a commit.
    const written = this.write(async (trx) => {
      await insertRows(trx, 'prompts', [
        {
          id,
          organization_id: input.organizationId,
          user_id: input.userId,
          conversation_id: input.conversationId,
          app_id: input.appId,
          language_model_id: input.languageModelId,
          message_type: input.messageType,
          status: 'in_progress',
          blocked_json: null,
          malicious: 0,
          flagged: 0,
          anonymized: 0,
          redacted: 0,
          created_at: at,
          finished_at: null,
          model_name: null,
          instance_id: instanceId,
          red_team_job_id: input.redTeamJobId ?? null,
          // A red-team prompt writes no metrics fact: nothing for the aggregator to count.
          ...(input.redTeamJobId ? { rolled_up: 1 } : {}),
        },
      ]);
    }, { relaxed: true });
    return { id, written };
  }

  /** A lifecycle write in the transaction of the writes arriving with it (group-commit.ts): settles once committed. */
  private write<T>(work: GroupWork<T>, options: { relaxed?: boolean } = {}): Promise<T> {
    return grouped(this.db, work, options);
  }

  /** One stage written on its own (fixtures, tools, a job finishing a stage; the pipeline hands its trace to `finish`). */
  async updateStage(promptId: string, service: LifecycleService, update: StageUpdate): Promise<void> {
    await this.writeStages(promptId, new Map([[service, update]]));
  }

  /**
   * The stages of a run written while the prompt stays in progress (a copyright check still to run in a job), in one
   * statement: each inserted, or updated where written before. A deployment component (control_server) is no stage of
   * a prompt: nothing is written for it.
   */
  async writeStages(promptId: string, trace: StageTrace): Promise<void> {
    const rows = [...trace].flatMap(([service, update]) => {
      const ordinal = (PIPELINE_STAGES as readonly string[]).indexOf(service);
      return ordinal < 0 ? [] : [{ prompt_id: promptId, ordinal, service, ...stageColumns(update, update.detail ? JSON.stringify(update.detail) : null) }];
    });
    await insertRows(this.db, 'prompt_stages', rows, { upsertOn: ['prompt_id', 'service'] });
  }

  /** The stored stages as a trace (a job finishing the prompt changes one of them). */
  async storedTrace(promptId: string): Promise<Map<LifecycleService, StageUpdate>> {
    const rows = await this.db.selectFrom('prompt_stages').selectAll().where('prompt_id', '=', promptId).orderBy('ordinal').execute();
    return new Map(
      rows.map((row) => [
        row.service as LifecycleService,
        {
          cycleStatus: Number(row.cycle_status),
          serviceStatus: row.service_status as LifecycleServiceStatus,
          reason: row.reason,
          latencyMs: row.latency_ms === null ? null : Number(row.latency_ms),
          tokensIn: row.tokens_in === null ? null : Number(row.tokens_in),
          tokensOut: row.tokens_out === null ? null : Number(row.tokens_out),
          detail: row.detail_json ? (JSON.parse(row.detail_json) as Record<string, unknown>) : null,
        },
      ]),
    );
  }

  /**
   * Ends an in-progress prompt in one transaction: its outcome, the stages of `trace` (when given; else the stored
   * ones stay), attributes, policies and its metrics fact. A prompt no longer in progress (finished already, or failed
   * by a restart's recovery) is left as it is: answers false.
   */
  async finish(promptId: string, outcome: PromptOutcome, at = Date.now(), trace?: StageTrace): Promise<boolean> {
    return this.write(async (trx) => {
      const details = new Map<LifecycleService, string | null>();
      for (const [service, update] of trace ?? []) details.set(service, update.detail ? JSON.stringify(update.detail) : null);
      // Without a trace, the stored stages stand (a job wrote them); those never written are written WAITING.
      const stored = trace ? [] : await trx.selectFrom('prompt_stages').select(['prompt_id', 'service', 'cycle_status', 'latency_ms', 'tokens_in', 'tokens_out', 'detail_json']).where('prompt_id', '=', promptId).execute();
      const unwritten = trace ? [] : PIPELINE_STAGES.flatMap((service, ordinal) => (stored.some((row) => row.service === service) ? [] : [waitingStage(promptId, service, ordinal)]));
      const stageRows: StageRow[] = trace
        ? [...trace].map(([service, update]) => ({ prompt_id: promptId, service, ...stageColumns(update, details.get(service) ?? null) }))
        : [...stored, ...unwritten];
      const modelName = modelNameOf(stageRows.find((row) => row.service === 'llm')?.detail_json ?? null);
      const columns = {
        status: outcome.status,
        blocked_json: outcome.blocked ? JSON.stringify(outcome.blocked) : null,
        malicious: flag(outcome.malicious),
        flagged: flag(outcome.flagged),
        anonymized: flag(outcome.anonymized),
        redacted: flag(outcome.redacted),
        finished_at: at,
        model_name: modelName,
        ...toolColumns(outcome.tools ?? NO_TOOL_TRAFFIC),
      };
      const claimed = await executeCompiledOnce(trx, 'lifecycle.finish', [...Object.values(columns), promptId, 'in_progress'], () =>
        trx
          .updateTable('prompts')
          .set(columns)
          .where('id', '=', promptId)
          .where('status', '=', 'in_progress')
          .returning(['id', 'organization_id', 'created_at', 'user_id', 'app_id', 'language_model_id', 'model_name', 'blocked_json', 'malicious', 'anonymized', 'redacted', 'red_team_job_id', ...TOOL_COLUMNS]),
      );
      const prompt = claimed.rows[0];
      if (!prompt) return false;
      if (trace) {
        const stages = PIPELINE_STAGES.map((service, ordinal) => {
          const update = trace.get(service);
          return update ? { prompt_id: promptId, ordinal, service, ...stageColumns(update, details.get(service) ?? null) } : waitingStage(promptId, service, ordinal);
        });
        // One statement for every stage: inserted, or updated in place where a stage was written before (a job's).
        await insertRows(trx, 'prompt_stages', stages, { upsertOn: ['prompt_id', 'service'] });
      } else {
        await insertRows(trx, 'prompt_stages', unwritten);
      }
      const attributes = [...new Set(outcome.attributes)];
      await insertRows(trx, 'prompt_attributes', attributes.map((attribute) => ({ prompt_id: promptId, attribute })));
      const policyIds = [...new Set(outcome.policyIds)];
      await insertRows(trx, 'prompt_policies', policyIds.map((policy_id) => ({ prompt_id: promptId, policy_id })));
      // A red-team prompt's fact carries its flag: created counted (rolled_up 1), it never enters the rollups, and the
      // figures count it only when a filter asks for red-team prompts.
      await writeFacts(trx, prompt.organization_id, [factOf(prompt as PromptRow, stageRows, attributes, policyIds)]);
      return true;
    });
  }

  /**
   * Prompts whose server is gone (see InterruptedScope; all in-progress prompts without a scope): failed, their
   * unfinished stages FAILED with the reason, their facts written. Answers how many.
   */
  async failInterrupted(at = Date.now(), scope?: InterruptedScope): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      // A prompt whose answer was delivered and whose copyright check a job still runs is not interrupted: the job
      // (restart-safe) finishes it.
      let query = trx
        .selectFrom('prompts')
        .select(['id', 'organization_id', 'created_at'])
        .where('status', '=', 'in_progress')
        .where((eb) => eb.not(eb.exists(eb.selectFrom('copyright_checks').select('copyright_checks.id').whereRef('copyright_checks.prompt_id', '=', 'prompts.id').where('copyright_checks.status', 'in', [CopyrightMatchStatus.CREATED, CopyrightMatchStatus.PROCESSING]))));
      if (scope) {
        const { liveInstanceIds: live, unowned } = scope;
        query = query.where((eb) => {
          const gone = live.length ? eb('instance_id', 'not in', live) : eb('instance_id', 'is not', null);
          return unowned ? eb.or([eb('instance_id', 'is', null), gone]) : gone;
        });
      }
      const rows = await query.execute();
      for (let index = 0; index < rows.length; index += ID_BATCH) {
        const batch = rows.slice(index, index + ID_BATCH);
        const ids = batch.map((row) => row.id);
        await trx.updateTable('prompts').set({ status: 'failed', finished_at: at }).where('id', 'in', ids).execute();
        await trx
          .updateTable('prompt_stages')
          .set({ cycle_status: PromptCycleStatus.FAILED, service_status: 'failed', reason: INTERRUPTED_REASON })
          .where('prompt_id', 'in', ids)
          .where('cycle_status', '=', PromptCycleStatus.WAITING)
          .execute();
        // The stages never written (a prompt in progress has none until one is) are written FAILED with the reason.
        const written = await trx.selectFrom('prompt_stages').select(['prompt_id', 'service']).where('prompt_id', 'in', ids).execute();
        const has = new Set(written.map((row) => `${row.prompt_id} ${row.service}`));
        const unwritten = ids.flatMap((id) => PIPELINE_STAGES.flatMap((service, ordinal) => (has.has(`${id} ${service}`) ? [] : [interruptedStage(id, service, ordinal)])));
        for (let index = 0; index < unwritten.length; index += STAGE_ROW_BATCH) await insertRows(trx, 'prompt_stages', unwritten.slice(index, index + STAGE_ROW_BATCH));
        const byOrganization = new Map<string, number[]>();
        for (const row of batch) byOrganization.set(row.organization_id, [...(byOrganization.get(row.organization_id) ?? []), Number(row.created_at)]);
        for (const [organizationId, times] of byOrganization) {
          const facts = await loadFacts(trx, { organizationId, ranges: [{ start: Math.min(...times), end: Math.max(...times) + 1 }], promptIds: ids, filters: { redTeam: 'include' } });
          await writeFacts(trx, organizationId, facts);
        }
      }
      return rows.length;
    });
  }

  async find(promptId: string): Promise<PromptRecord | undefined> {
    const row = await this.db.selectFrom('prompts').selectAll().where('id', '=', promptId).executeTakeFirst();
    if (!row) return undefined;
    const [stages, attributes, policies] = await Promise.all([
      this.db.selectFrom('prompt_stages').selectAll().where('prompt_id', '=', promptId).orderBy('ordinal').execute(),
      this.db.selectFrom('prompt_attributes').select('attribute').where('prompt_id', '=', promptId).orderBy('attribute').execute(),
      this.db.selectFrom('prompt_policies').select('policy_id').where('prompt_id', '=', promptId).orderBy('policy_id').execute(),
    ]);
    return {
      id: row.id,
      ConversationId: row.conversation_id,
      UserId: row.user_id,
      AppId: row.app_id,
      OrganizationId: row.organization_id,
      LanguageModelId: row.language_model_id === null ? null : Number(row.language_model_id),
      MessageType: row.message_type as ChatMessageType,
      Status: row.status as PromptStatus,
      Blocked: row.blocked_json ? (JSON.parse(row.blocked_json) as PromptBlock) : null,
      Malicious: Number(row.malicious) === 1,
      Flagged: Number(row.flagged) === 1,
      Anonymized: Number(row.anonymized) === 1,
      Redacted: Number(row.redacted) === 1,
      Attributes: attributes.map((item) => item.attribute),
      RedTeamJobId: row.red_team_job_id ?? null,
      PolicyIds: policies.map((item) => item.policy_id),
      CreatedAt: isoOrNull(row.created_at) ?? '',
      FinishedAt: isoOrNull(row.finished_at),
      Stages: withUnwrittenWaiting(promptId, stages).map((stage) => ({
        Service: stage.service as LifecycleService,
        CycleStatus: Number(stage.cycle_status),
        ServiceStatus: stage.service_status as LifecycleServiceStatus,
        Reason: stage.reason,
        LatencyMs: stage.latency_ms === null ? null : Number(stage.latency_ms),
        TokensIn: stage.tokens_in === null ? null : Number(stage.tokens_in),
        TokensOut: stage.tokens_out === null ? null : Number(stage.tokens_out),
        Detail: stage.detail_json ? (JSON.parse(stage.detail_json) as Record<string, unknown>) : null,
      })),
    };
  }
}

/** The stored stages in order, those never written among them as WAITING rows (a prompt still in progress). */
function withUnwrittenWaiting<T extends { service: string; ordinal: number | string }>(promptId: string, stored: readonly T[]): (T | ReturnType<typeof waitingStage>)[] {
  if (stored.length >= PIPELINE_STAGES.length) return [...stored];
  return PIPELINE_STAGES.map((service, ordinal) => stored.find((row) => row.service === service) ?? waitingStage(promptId, service, ordinal));
}
