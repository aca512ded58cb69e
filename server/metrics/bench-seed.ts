// Benchmark data: one organization's prompts with their five measured stages, attributes and policies, generated
// deterministically and bulk-inserted (prepared statements on SQLite, unnest() arrays on PostgreSQL).
import BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import { PromptCycleStatus } from '../../domain/enums';

export interface BenchTenant {
  organizationId: string;
  userIds: string[];
  appIds: string[];
  modelIds: number[];
  policyIds: string[];
}

export const MODEL_NAMES = ['gpt-4o-mini-2024-07-18', 'claude-3-5-haiku', 'llama-3.1-8b-instruct'];
const ATTRIBUTES = ['PERSON', 'EMAIL_ADDRESS', 'PHONE_NUMBER', 'CREDIT_CARD', 'SECRET', 'KEYWORD', 'PROMPT_INJECTION'];
const SERVICES = ['prompt_guard', 'corporate_data_repository', 'policy_engine', 'llm', 'verification_service'];

// mulberry32: 32-bit integer arithmetic, so the sequence stays well spread (a float LCG loses bits and repeats).
let state = 42;
const random = () => {
  state = (state + 0x6d2b79f5) | 0;
  let value = Math.imul(state ^ (state >>> 15), 1 | state);
  value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
  return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
};
const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
/** Skewed to the low end, like latencies and token counts. */
const skewed = (low: number, high: number) => low + Math.floor((high - low) * random() ** 2);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

export interface Batch {
  prompts: unknown[][];
  stages: unknown[][];
  attributes: unknown[][];
  policies: unknown[][];
}

const PROMPT_COLUMNS = ['id', 'organization_id', 'user_id', 'conversation_id', 'app_id', 'language_model_id', 'message_type', 'status', 'blocked_json', 'malicious', 'flagged', 'anonymized', 'redacted', 'created_at', 'finished_at', 'model_name', 'rolled_up'];
const STAGE_COLUMNS = ['prompt_id', 'ordinal', 'service', 'cycle_status', 'service_status', 'reason', 'latency_ms', 'tokens_in', 'tokens_out', 'detail_json'];

let sequence = 0;

/** `count` prompts spread uniformly over [from, to), in time order (as prompts arrive). */
export function generateBatch(tenant: BenchTenant, count: number, from: number, to: number): Batch {
  const batch: Batch = { prompts: [], stages: [], attributes: [], policies: [] };
  for (let index = 0; index < count; index += 1) {
    sequence += 1;
    const id = `bench${sequence.toString(16).padStart(19, '0')}`;
    const createdAt = Math.floor(from + ((index + random()) / count) * (to - from));
    const blocked = random() < 0.05;
    const failed = !blocked && random() < 0.02;
    const modelIndex = between(0, tenant.modelIds.length - 1);
    const userId = tenant.userIds[Math.floor(tenant.userIds.length * random() ** 2)]!;
    const appId = random() < 0.4 ? null : pick(tenant.appIds);
    const policyIds = tenant.policyIds.filter(() => random() < 0.35);
    const policyId = policyIds[0] ?? tenant.policyIds[0]!;
    const verified = !blocked && !failed && random() < 0.6;
    const promptTokens = skewed(5, 600);
    const stages: [string, number, number | null, number | null, number | null, string | null][] = [];
    const ok = PromptCycleStatus.SUCCESS;
    const skip = PromptCycleStatus.SKIPPED;
    stages.push(['prompt_guard', ok, skewed(1, 60), promptTokens, 0, null]);
    stages.push(random() < 0.3 ? ['corporate_data_repository', ok, skewed(20, 800), promptTokens, skewed(0, 1500), null] : ['corporate_data_repository', skip, null, null, null, null]);
    stages.push(['policy_engine', ok, skewed(1, 40), promptTokens, 0, null]);
    if (blocked) {
      stages.push(['llm', skip, null, null, null, null]);
      stages.push(['verification_service', skip, null, null, null, null]);
    } else {
      const answerTokens = failed ? 0 : skewed(10, 1500);
      stages.push(['llm', failed ? PromptCycleStatus.FAILED : ok, skewed(300, 9000), promptTokens, answerTokens, JSON.stringify({ Model: MODEL_NAMES[modelIndex] })]);
      const results = ['accuracy', 'hallucination', 'toxicity', 'bias'].map((metric) => ({ Metric: metric, State: 'verified', Value: Math.round(random() * 1000) / 10 }));
      stages.push(verified ? ['verification_service', ok, skewed(50, 1500), answerTokens, 0, JSON.stringify({ Status: 4, ResponseType: 'valid', Action: 'show_response', Results: results })] : ['verification_service', skip, null, null, null, null]);
    }
    batch.prompts.push([
      id,
      tenant.organizationId,
      userId,
      null,
      appId,
      tenant.modelIds[modelIndex]!,
      'PROMPT_LLM',
      failed ? 'failed' : 'success',
      blocked ? JSON.stringify({ PolicyId: policyId, PolicyName: 'Bench policy', Reason: 'Blocked by rule' }) : null,
      random() < 0.03 ? 1 : 0,
      0,
      random() < 0.2 ? 1 : 0,
      random() < 0.1 ? 1 : 0,
      createdAt,
      createdAt + 1000,
      blocked ? null : MODEL_NAMES[modelIndex]!,
      0,
    ]);
    stages.forEach(([service, cycle, latency, tokensIn, tokensOut, detail]) => {
      const serviceStatus = cycle === ok ? 'success' : cycle === skip ? 'skipped' : 'failed';
      batch.stages.push([id, SERVICES.indexOf(service), service, cycle, serviceStatus, null, latency, tokensIn, tokensOut, detail]);
    });
    for (const attribute of ATTRIBUTES) if (random() < 0.08) batch.attributes.push([id, attribute]);
    for (const policy of blocked ? [...new Set([policyId, ...policyIds])] : policyIds) batch.policies.push([id, policy]);
  }
  return batch;
}

export class SqliteLoader {
  private readonly db: BetterSqlite3.Database;
  private readonly statements: Record<keyof Batch, BetterSqlite3.Statement>;

  constructor(file: string) {
    this.db = new BetterSqlite3(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = OFF');
    const insert = (table: string, columns: string[]) => this.db.prepare(`insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`);
    this.statements = {
      prompts: insert('prompts', PROMPT_COLUMNS),
      stages: insert('prompt_stages', STAGE_COLUMNS),
      attributes: insert('prompt_attributes', ['prompt_id', 'attribute']),
      policies: insert('prompt_policies', ['prompt_id', 'policy_id']),
    };
  }

  load(batch: Batch): void {
    this.db.transaction(() => {
      for (const key of ['prompts', 'stages', 'attributes', 'policies'] as const) for (const row of batch[key]) this.statements[key].run(...row);
    })();
  }

  close(): void {
    this.db.close();
  }
}

const PG_TYPES: Record<string, string> = {
  id: 'text', organization_id: 'text', user_id: 'text', conversation_id: 'text', app_id: 'text', language_model_id: 'int', message_type: 'text', status: 'text', blocked_json: 'text',
  malicious: 'int', flagged: 'int', anonymized: 'int', redacted: 'int', created_at: 'bigint', finished_at: 'bigint', model_name: 'text', rolled_up: 'int', prompt_id: 'text', ordinal: 'int',
  service: 'text', cycle_status: 'int', service_status: 'text', reason: 'text', latency_ms: 'int', tokens_in: 'int', tokens_out: 'int', detail_json: 'text', attribute: 'text', policy_id: 'text',
};

export class PostgresLoader {
  constructor(private readonly pool: pg.Pool) {}

  private async insert(client: pg.PoolClient, table: string, columns: string[], rows: unknown[][]): Promise<void> {
    if (!rows.length) return;
    const arrays = columns.map((_, column) => rows.map((row) => row[column]));
    const unnest = columns.map((column, index) => `$${index + 1}::${PG_TYPES[column]}[]`).join(', ');
    await client.query(`insert into ${table} (${columns.join(', ')}) select * from unnest(${unnest})`, arrays);
  }

  async load(batch: Batch): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      await this.insert(client, 'prompts', PROMPT_COLUMNS, batch.prompts);
      await this.insert(client, 'prompt_stages', STAGE_COLUMNS, batch.stages);
      await this.insert(client, 'prompt_attributes', ['prompt_id', 'attribute'], batch.attributes);
      await this.insert(client, 'prompt_policies', ['prompt_id', 'policy_id'], batch.policies);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  }
}
