import { AppMetaSchema, DEFAULT_META } from '../../domain';
import type { AppMeta } from '../../domain';
import { getJson } from '../../dataProvider/api';

/** GET /api/v1/meta; any failure leaves the spec defaults (§7.1: the title falls back to the default). */
export async function fetchAppMeta(): Promise<AppMeta> {
  try {
    return await getJson('/meta', AppMetaSchema);
  } catch {
    return DEFAULT_META;
  }
}
