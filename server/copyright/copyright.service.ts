// Protected works (registered by an ORG_ADMIN, text extracted like data-source uploads), the organization's
// copyright settings, and the check of an answer for the pipeline's copyright_checker stage.
import type { Kysely } from 'kysely';
import { CopyrightJobStatus, Role } from '../../domain/enums';
import type { CopyrightAction, CopyrightSettings, ProtectedWork, ProtectedWorkInputSchema } from '../../domain/schemas/copyright';
import { COPYRIGHT_INLINE_INDEX_CHARS, DEFAULT_COPYRIGHT_SETTINGS } from '../../domain/schemas/copyright';
import type { CopyrightSettingsInputSchema } from '../../domain/schemas/copyright';
import { MAX_UPLOAD_BYTES } from '../../domain/schemas/data-sources';
import type { z } from 'zod';
import { recordAudit } from '../audit/audit.service';
import type { Principal } from '../auth/principal';
import { configCacheFor } from '../db/config-cache';
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
import { checkAnswer } from './checker';
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
}

export interface AnswerCheck extends CheckResult {
  action: CopyrightAction;
  worksChecked: number;
  licences: boolean;
}

export class CopyrightService {
  readonly indexes: WorksIndexes;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly jobs: JobRunner,
    private readonly version: string,
  ) {
    this.indexes = new WorksIndexes(db);
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
    return this.db.transaction().execute(async (trx) => {
      const repository = new CopyrightRepository(trx);
      const before = toSettings(organizationId, await repository.settings(organizationId));
      await repository.saveSettings({ organization_id: organizationId, action: input.Action, licence_check: input.LicenceCheck ? 1 : 0, min_match_tokens: input.MinMatchTokens, updated_by: actor.userId, updated_at: Date.now() });
      const after = toSettings(organizationId, await repository.settings(organizationId));
      await recordAudit(trx, actor, { action: 'update', resource: 'copyright-settings', recordId: organizationId, summary: 'Updated the copyright check settings', before, after });
      return after;
    });
  }

  /** The organization's copyright settings and feature flag as of this request's configuration. */
  runtime(organizationId: string): Promise<CopyrightRuntime> {
    return configCacheFor(this.db).get(`copyright:${organizationId}`, async () => {
      const [row, meta, works] = await Promise.all([
        new CopyrightRepository(this.db).settings(organizationId),
        new MetaService(new SettingsRepository(this.db), this.version).metaFor(organizationId),
        this.db.selectFrom('protected_works').select('id').where('organization_id', '=', organizationId).limit(1).executeTakeFirst(),
      ]);
      const settings = toSettings(organizationId, row);
      // The works revision moves with every add and delete, so `hasWorks` is reloaded with it.
      return { feature: meta.Features.CopyrightCheck, action: settings.Action, licences: settings.LicenceCheck, minTokens: settings.MinMatchTokens, revision: row?.works_revision ?? 0, hasWorks: works !== undefined };
    });
  }

  /** Checks an answer, or says why the stage does not apply (feature off, or no works and licence checking off). */
  async checkAnswer(organizationId: string, answer: string): Promise<AnswerCheck | { skipped: string }> {
    const runtime = await this.runtime(organizationId);
    if (!runtime.feature) return { skipped: COPYRIGHT_FEATURE_OFF };
    if (!runtime.hasWorks && !runtime.licences) return { skipped: COPYRIGHT_NOTHING_TO_CHECK };
    const works = runtime.hasWorks ? await this.indexes.indexFor(organizationId, runtime.revision) : null;
    const result = checkAnswer(answer, { works, licences: runtime.licences, minTokens: runtime.minTokens });
    return { ...result, action: runtime.action, worksChecked: works?.size ?? 0, licences: runtime.licences };
  }

  /** Whether a streamed answer must be held back: the check runs and could withhold it. */
  async couldWithhold(organizationId: string): Promise<boolean> {
    const runtime = await this.runtime(organizationId);
    return runtime.feature && (runtime.hasWorks || runtime.licences) && runtime.action === 'block_response';
  }

  async stats(actor: Principal, from: number, to: number) {
    return new CopyrightRepository(this.db).stats(orgOf(actor), from, to);
  }

  registerJobs(): void {
    this.jobs.register(COPYRIGHT_INDEX_JOB, indexJob, finishIndexJob);
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

function toSettings(organizationId: string, row: { action: string; licence_check: number; min_match_tokens: number; updated_at: number | null } | undefined): CopyrightSettings {
  if (!row) return { id: organizationId, ...DEFAULT_COPYRIGHT_SETTINGS, UpdatedAt: null };
  return { id: organizationId, Action: row.action as CopyrightAction, LicenceCheck: row.licence_check === 1, MinMatchTokens: row.min_match_tokens, UpdatedAt: isoOrNull(row.updated_at === null ? null : Number(row.updated_at)) };
}
