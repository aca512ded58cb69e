// Protected works (registered by an ORG_ADMIN, text extracted like data-source uploads), the organization's
// copyright settings, and the check of an answer for the pipeline's copyright_checker stage.
import type { Kysely } from 'kysely';
import { CopyrightJobStatus, Role } from '../../domain/enums';
import type { CopyrightAction, CopyrightSettings, ProtectedWork, ProtectedWorkInputSchema } from '../../domain/schemas/copyright';
import { COPYRIGHT_INLINE_CHECK_CHARS, COPYRIGHT_INLINE_INDEX_CHARS, DEFAULT_COPYRIGHT_SETTINGS } from '../../domain/schemas/copyright';
import type { CopyrightSettingsInputSchema } from '../../domain/schemas/copyright';
import { MAX_UPLOAD_BYTES } from '../../domain/schemas/data-sources';
import type { z } from 'zod';
import { recordAudit } from '../audit/audit.service';
import type { Principal } from '../auth/principal';
import { configCacheFor } from '../db/config-cache';
import type { ConfigReader } from '../db/config-cache';
import { newId } from '../db/ids';
import { nameKey } from '../db/name-key';
import type { Database } from '../db/schema';
import { orgOf } from '../directory/users.service';
import { extractText } from '../data-sources/extraction-pool';
import { resolveMimeType } from '../data-sources/text-extraction';
import { badRequest, conflict, HttpError, notFound } from '../http/errors';
import { iso, isoOrNull } from '../http/rest';
import type { JobHandler, JobFinisher, JobRunner } from '../jobs/job-runner';
import { MetaService } from '../settings/meta.service';
import { SettingsRepository } from '../settings/settings.repository';
import type { FetchLike, OutboundClient } from '../outbound';
import type { SecretBox } from '../security/secret-box';
import { checkAnswer } from './checker';
import { COPYRIGHT_CHECK_JOB, copyrightCheckJob, deferCheck } from './copyright-check-job';
import type { DeferredCheck } from './copyright-check-job';
import { callCopyrightService, COPYRIGHT_SERVICE_MAX_REPLY_BYTES, COPYRIGHT_SERVICE_TIMEOUT_MS, CopyrightServiceError, coverageOf } from './external-service';
import { COPYRIGHT_FEATURE_OFF, COPYRIGHT_NOTHING_TO_CHECK } from './copyright-stage';
import type { CheckResult } from './checker';
import type { ProtectedWorkRow, WorkListQuery } from './copyright.repository';
import { CopyrightRepository } from './copyright.repository';
import { fingerprintCount } from './fingerprint';
import { WorksIndexes } from './works-index';

export const COPYRIGHT_MANAGERS = [Role.ORG_ADMIN] as const;
export const COPYRIGHT_INDEX_JOB = 'copyright-index';
const RESOURCE = 'protected-works';

type WorkInput = z.output<typeof ProtectedWorkInputSchema>;
type SettingsInput = z.output<typeof CopyrightSettingsInputSchema>;

const DEFAULT_ROW = { action: DEFAULT_COPYRIGHT_SETTINGS.Action, licence_check: DEFAULT_COPYRIGHT_SETTINGS.LicenceCheck ? 1 : 0, min_match_tokens: DEFAULT_COPYRIGHT_SETTINGS.MinMatchTokens };
const SERVICE_TEST_TEXT = 'This is a test of the copyright service by the governance console. It reproduces no work.';

/** What the pipeline needs to know about an organization, read through the configuration cache. */
export interface CopyrightRuntime {
  /** The CopyrightCheck feature flag (System Settings; on by default). */
  feature: boolean;
  action: CopyrightAction;
  licences: boolean;
  minTokens: number;
  revision: number;
  /** The organization has registered works (indexed or not yet): the stage runs although licence checking is off. */
  hasWorks: boolean;
  /** The external copyright service, its key still encrypted (null: none). */
  service: { url: string; keyEnc: string | null } | null;
}

export interface CopyrightServiceOptions {
  /** The external service's time limit (tests shorten it). */
  serviceTimeoutMs?: number;
}

export interface AnswerCheck extends CheckResult {
  action: CopyrightAction;
  worksChecked: number;
  licences: boolean;
  /** The external service was called. */
  serviceChecked: boolean;
  /** Why the external service gave nothing (its matches are missing; the local ones stand). */
  serviceError: string | null;
}

export class CopyrightService {
  readonly indexes: WorksIndexes;
  private readonly send: FetchLike;
  private readonly serviceTimeoutMs: number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly jobs: JobRunner,
    private readonly version: string,
    private readonly secrets: SecretBox,
    private readonly outbound: OutboundClient,
    options: CopyrightServiceOptions = {},
  ) {
    this.indexes = new WorksIndexes(db);
    this.serviceTimeoutMs = options.serviceTimeoutMs ?? COPYRIGHT_SERVICE_TIMEOUT_MS;
    this.send = outbound.fetcher({ timeoutMs: this.serviceTimeoutMs, maxResponseBytes: COPYRIGHT_SERVICE_MAX_REPLY_BYTES, maxRedirects: 0 });
  }

  async list(actor: Principal, query: Omit<WorkListQuery, 'organizationId'>): Promise<{ rows: ProtectedWork[]; total: number }> {
    const page = await new CopyrightRepository(this.db).list({ ...query, organizationId: orgOf(actor) });
    return { rows: page.rows.map(toWork), total: page.total };
  }

  async get(actor: Principal, id: string): Promise<ProtectedWork> {
    return toWork(await findWork(this.db, orgOf(actor), id));
  }

  async create(actor: Principal, input: WorkInput): Promise<ProtectedWork & { JobId: string | null }> {
    const organizationId = orgOf(actor);
    const file = input.ContentBase64 ? await readUpload(input.Name, input.MimeType ?? '', input.ContentBase64) : null;
    const text = file?.text ?? input.Text ?? '';
    if (!text.trim()) throw badRequest('Some fields are not valid.', { [file ? 'ContentBase64' : 'Text']: 'The work has no text to protect' });
    const id = newId();
    const at = Date.now();
    // Small works are fingerprinted now; a large one by a job (Queued → Inprogress → Complete), off the request.
    const inline = text.length <= COPYRIGHT_INLINE_INDEX_CHARS;
    const created = await this.db.transaction().execute(async (trx) => {
      const repository = new CopyrightRepository(trx);
      if (await repository.nameTaken(organizationId, input.Name)) throw conflict('A protected work with this name already exists.', { Name: 'A protected work with this name already exists' });
      await repository.insert({
        id,
        organization_id: organizationId,
        name: input.Name,
        name_key: nameKey(input.Name),
        description: input.Description ?? null,
        mime_type: file?.mimeType ?? 'text/plain',
        size: file?.size ?? Buffer.byteLength(text),
        content_text: text,
        char_count: text.length,
        status: inline ? CopyrightJobStatus.Complete : CopyrightJobStatus.Queued,
        error: null,
        fingerprints: inline ? fingerprintCount(text) : 0,
        job_id: null,
        created_by: actor.userId,
        created_at: at,
        updated_at: at,
      });
      if (inline) await repository.bumpWorksRevision(organizationId, DEFAULT_ROW);
      const after = toWork((await repository.find(id, organizationId))!);
      await recordAudit(trx, actor, { action: 'create', resource: RESOURCE, recordId: id, summary: `Registered protected work ${input.Name}`, after });
      return after;
    });
    if (inline) return { ...created, JobId: null };
    const job = await this.jobs.enqueue(COPYRIGHT_INDEX_JOB, { workId: id }, { customerId: actor.customerId, organizationId });
    await new CopyrightRepository(this.db).update(id, { job_id: job.id });
    return { ...created, JobId: job.id };
  }

  async delete(actor: Principal, id: string): Promise<ProtectedWork> {
    const organizationId = orgOf(actor);
    return this.db.transaction().execute(async (trx) => {
      const repository = new CopyrightRepository(trx);
      const before = toWork(await findWork(trx, organizationId, id));
      await repository.delete(id);
      await repository.bumpWorksRevision(organizationId, DEFAULT_ROW);
      await recordAudit(trx, actor, { action: 'delete', resource: RESOURCE, recordId: id, summary: `Deleted protected work ${before.Name}`, before });
      return { ...before, Status: CopyrightJobStatus.Deleted };
    });
  }

  async settings(actor: Principal): Promise<CopyrightSettings> {
    const organizationId = orgOf(actor);
    return toSettings(organizationId, await new CopyrightRepository(this.db).settings(organizationId));
  }

  async updateSettings(actor: Principal, input: SettingsInput): Promise<CopyrightSettings> {
    const organizationId = orgOf(actor);
    // A refused host (private, loopback, metadata) is a 400 on the field, before the transaction.
    if (input.ServiceUrl) await this.outbound.assertCallable({ ServiceUrl: input.ServiceUrl });
    return this.db.transaction().execute(async (trx) => {
      const repository = new CopyrightRepository(trx);
      const current = await repository.settings(organizationId);
      const before = toSettings(organizationId, current);
      // The key only ever goes to the URL it was entered for: a new URL without a new key forgets the stored one.
      const storedKey = current?.service_key_enc && current.service_url === input.ServiceUrl ? current.service_key_enc : null;
      const keyEnc = input.ServiceUrl ? (input.ServiceApiKey ? this.secrets.encrypt(input.ServiceApiKey) : input.ClearServiceApiKey ? null : storedKey) : null;
      await repository.saveSettings({
        organization_id: organizationId,
        action: input.Action,
        licence_check: input.LicenceCheck ? 1 : 0,
        min_match_tokens: input.MinMatchTokens,
        service_url: input.ServiceUrl,
        service_key_enc: keyEnc,
        updated_by: actor.userId,
        updated_at: Date.now(),
      });
      const after = toSettings(organizationId, await repository.settings(organizationId));
      const keyNote = input.ServiceApiKey ? ' (new service API key)' : keyEnc === null && current?.service_key_enc ? ' (service API key removed)' : '';
      await recordAudit(trx, actor, { action: 'update', resource: 'copyright-settings', recordId: organizationId, summary: `Updated the copyright check settings${keyNote}`, before, after });
      return after;
    });
  }

  /** The Test button: one call of the configured external service with a sample text (what it answered, never the key). */
  async testService(actor: Principal): Promise<{ Ok: boolean; Message: string; Matches: number; LatencyMs: number }> {
    const row = await new CopyrightRepository(this.db).settings(orgOf(actor));
    if (!row?.service_url) throw badRequest('Some fields are not valid.', { ServiceUrl: 'Save a service URL first' });
    const startedAt = performance.now();
    try {
      const matches = await this.callService({ url: row.service_url, keyEnc: row.service_key_enc }, SERVICE_TEST_TEXT);
      return { Ok: true, Message: `The copyright service answered with ${matches.length} match${matches.length === 1 ? '' : 'es'}.`, Matches: matches.length, LatencyMs: Math.round(performance.now() - startedAt) };
    } catch (error) {
      const message = error instanceof CopyrightServiceError ? error.message : 'The copyright service could not be called.';
      return { Ok: false, Message: message, Matches: 0, LatencyMs: Math.round(performance.now() - startedAt) };
    }
  }

  private async callService(service: { url: string; keyEnc: string | null }, answer: string) {
    let apiKey: string | null = null;
    if (service.keyEnc) {
      try {
        apiKey = this.secrets.decrypt(service.keyEnc);
      } catch {
        throw new CopyrightServiceError('The stored API key of the copyright service cannot be read (the secrets key has changed); enter the key again.');
      }
    }
    return callCopyrightService({ url: service.url, apiKey, answer }, this.send, this.serviceTimeoutMs);
  }

  /** The organization's copyright settings and feature flag as of this request's configuration. */
  runtime(organizationId: string, config: ConfigReader = configCacheFor(this.db)): Promise<CopyrightRuntime> {
    return config.get(`copyright:${organizationId}`, async () => {
      const [row, meta, works] = await Promise.all([
        new CopyrightRepository(this.db).settings(organizationId),
        new MetaService(new SettingsRepository(this.db), this.version).metaFor(organizationId),
        this.db.selectFrom('protected_works').select('id').where('organization_id', '=', organizationId).limit(1).executeTakeFirst(),
      ]);
      const settings = toSettings(organizationId, row);
      // The works revision moves with every add and delete, so `hasWorks` is reloaded with it.
      const service = row?.service_url ? { url: row.service_url, keyEnc: row.service_key_enc } : null;
      return { feature: meta.Features.CopyrightCheck, action: settings.Action, licences: settings.LicenceCheck, minTokens: settings.MinMatchTokens, revision: row?.works_revision ?? 0, hasWorks: works !== undefined, service };
    });
  }

  /** Checks an answer, or says why the stage does not apply (feature off, or no works and licence checking off). */
  async checkAnswer(organizationId: string, answer: string, config?: ConfigReader): Promise<AnswerCheck | { skipped: string }> {
    const runtime = await this.runtime(organizationId, config);
    if (!runtime.feature) return { skipped: COPYRIGHT_FEATURE_OFF };
    if (!runtime.hasWorks && !runtime.licences && !runtime.service) return { skipped: COPYRIGHT_NOTHING_TO_CHECK };
    // The external service is asked while the local index is searched; its failure never fails the check.
    const external = runtime.service
      ? this.callService(runtime.service, answer).then(
          (matches) => ({ matches, error: null }),
          (error: unknown) => ({ matches: [], error: error instanceof CopyrightServiceError ? error.message : 'The copyright service could not be called.' }),
        )
      : null;
    const works = runtime.hasWorks ? await this.indexes.indexFor(organizationId, runtime.revision) : null;
    const local = checkAnswer(answer, { works, licences: runtime.licences, minTokens: runtime.minTokens });
    const base = { action: runtime.action, worksChecked: works?.size ?? 0, licences: runtime.licences };
    if (!external) return { ...local, ...base, serviceChecked: false, serviceError: null };
    const service = await external;
    if (!service.matches.length) return { ...local, ...base, serviceChecked: true, serviceError: service.error };
    const matches = [...local.matches, ...service.matches].sort((left, right) => left.AnswerStart - right.AnswerStart);
    return { matches, coverage: coverageOf(answer, matches), words: local.words, ...base, serviceChecked: true, serviceError: null };
  }

  /** Whether a streamed answer must be held back: the check runs and could withhold it. */
  async couldWithhold(organizationId: string, config?: ConfigReader): Promise<boolean> {
    const runtime = await this.runtime(organizationId, config);
    return runtime.feature && (runtime.hasWorks || runtime.licences || runtime.service !== null) && runtime.action === 'block_response';
  }

  /**
   * Whether this answer's check runs after delivery, as a job: never when the action withholds (a withholding check
   * always runs before the answer is released); otherwise when the answer is longer than COPYRIGHT_INLINE_CHECK_CHARS
   * or an external service is called (its round trip must not delay the answer).
   */
  async defersCheck(organizationId: string, answer: string, config?: ConfigReader): Promise<boolean> {
    const runtime = await this.runtime(organizationId, config);
    if (!runtime.feature || runtime.action === 'block_response') return false;
    if (!runtime.hasWorks && !runtime.licences && !runtime.service) return false;
    return answer.length > COPYRIGHT_INLINE_CHECK_CHARS || runtime.service !== null;
  }

  async stats(actor: Principal, from: number, to: number) {
    return new CopyrightRepository(this.db).stats(orgOf(actor), from, to);
  }

  registerJobs(): void {
    this.jobs.register(COPYRIGHT_INDEX_JOB, indexJob, finishIndexJob);
    const check = copyrightCheckJob(() => this);
    this.jobs.register(COPYRIGHT_CHECK_JOB, check.run, check.finish);
  }

  /** A long answer's check handed to the `copyright-check` job (see copyright-check-job.ts). */
  defer(check: DeferredCheck): Promise<string> {
    return deferCheck(this.db, this.jobs, check);
  }
}

/** A large work's fingerprinting: Queued → Inprogress → Complete, then every server's index takes it in. */
const indexJob: JobHandler = async ({ db, payload, progress }) => {
  const { workId } = payload as { workId: string };
  const repository = new CopyrightRepository(db);
  const work = await repository.textOf(workId);
  if (!work) return 'The protected work was deleted before it was indexed.';
  await repository.update(workId, { status: CopyrightJobStatus.Inprogress, updated_at: Date.now() });
  await progress(10, `Fingerprinting ${work.name}`);
  const fingerprints = fingerprintCount(work.content_text);
  await progress(90, 'Publishing to the index');
  await db.transaction().execute(async (trx) => {
    const inTransaction = new CopyrightRepository(trx);
    await inTransaction.update(workId, { status: CopyrightJobStatus.Complete, fingerprints, error: null, updated_at: Date.now() });
    await inTransaction.bumpWorksRevision(work.organization_id, DEFAULT_ROW);
  });
  return `Indexed ${work.name}: ${fingerprints} fingerprints`;
};

/** A job that failed for good leaves its work in Error, not Queued or Inprogress. */
const finishIndexJob: JobFinisher = async (db, job, outcome) => {
  if (outcome.ok) return;
  const { workId } = JSON.parse(job.payload_json) as { workId: string };
  await db
    .updateTable('protected_works')
    .set({ status: CopyrightJobStatus.Error, error: outcome.message ?? 'Indexing failed', updated_at: Date.now() })
    .where('id', '=', workId)
    .where('status', 'in', [CopyrightJobStatus.Queued, CopyrightJobStatus.Inprogress, CopyrightJobStatus.Waiting])
    .execute();
};

async function readUpload(name: string, mimeType: string, base64: string) {
  const content = Buffer.from(base64, 'base64');
  if (content.length > MAX_UPLOAD_BYTES) throw new HttpError(413, `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);
  const resolved = resolveMimeType(mimeType, name);
  return { size: content.length, mimeType: resolved, text: await extractText(resolved, content) };
}

async function findWork(db: Kysely<Database>, organizationId: string, id: string): Promise<ProtectedWorkRow> {
  const row = await new CopyrightRepository(db).find(id, organizationId);
  if (!row) throw notFound('The protected work');
  return row;
}

function toWork(row: ProtectedWorkRow): ProtectedWork {
  return {
    id: row.id,
    Name: row.name,
    Description: row.description,
    MimeType: row.mime_type,
    Size: Number(row.size),
    Characters: Number(row.char_count),
    Status: row.status,
    Error: row.error,
    Fingerprints: row.fingerprints,
    MatchCount: row.match_count,
    CreatedAt: iso(Number(row.created_at)),
    UpdatedAt: iso(Number(row.updated_at)),
  };
}

function toSettings(organizationId: string, row: { action: string; licence_check: number; min_match_tokens: number; service_url: string | null; service_key_enc: string | null; updated_at: number | null } | undefined): CopyrightSettings {
  if (!row) return { id: organizationId, ...DEFAULT_COPYRIGHT_SETTINGS, UpdatedAt: null };
  return {
    id: organizationId,
    Action: row.action as CopyrightAction,
    LicenceCheck: row.licence_check === 1,
    MinMatchTokens: row.min_match_tokens,
    ServiceUrl: row.service_url,
    // Whether a key is stored, never the key.
    ServiceApiKeySet: row.service_key_enc !== null,
    UpdatedAt: isoOrNull(row.updated_at === null ? null : Number(row.updated_at)),
  };
}
