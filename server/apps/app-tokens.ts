import type { Kysely } from 'kysely';
import type { AppStatus } from '../../domain/schemas/apps';
import { APP_TOKEN_PREFIX } from '../../domain/schemas/apps';
import { sha256 } from '../auth/crypto';
import type { Database } from '../db/schema';
import type { LimitSettings } from '../gateway/rate-limits';
import { AppsRepository } from './apps.repository';

/** Last-used time is written at most once a minute, so a busy copilot does not write on every call. */
const MARK_USED_EVERY_MS = 60_000;

export interface AppTokenOwner {
  appId: string;
  organizationId: string;
  /** The stored status; the pipeline refuses a copilot that is not ready (see AppConfig.Ready). */
  status: AppStatus;
  /** The copilot's own gateway limits and its organization's. */
  limits: LimitSettings;
  organizationLimits: LimitSettings;
}

/**
 * The copilot a bearer secret belongs to, or undefined. App tokens ("gca_…") are separate from personal tokens
 * ("gck_…"), so the session/personal-token resolver never mistakes one for the other; the pipeline's copilot
 * endpoint calls this for the app it serves.
 */
export async function authenticateAppToken(db: Kysely<Database>, secret: string): Promise<AppTokenOwner | undefined> {
  if (!secret.startsWith(APP_TOKEN_PREFIX)) return undefined;
  const repository = new AppsRepository(db);
  const row = await repository.findTokenBySecretHash(sha256(secret));
  if (!row) return undefined;
  const at = Date.now();
  if (row.last_used_at === null || at - Number(row.last_used_at) > MARK_USED_EVERY_MS) await repository.markTokenUsed(row.app_id, at);
  return {
    appId: row.app_id,
    organizationId: row.organization_id,
    status: row.status as AppStatus,
    limits: { rpm: row.rate_limit_rpm, tpm: row.rate_limit_tpm },
    organizationLimits: { rpm: row.org_rate_limit_rpm, tpm: row.org_rate_limit_tpm },
  };
}
