// Connectors that need the internet. Their settings are validated at save; a sync first checks that the
// service answers at all, and says plainly why not. No credentials are sent by this check.
import { DataSourceApp } from '../../domain/enums';
import type { DataSourceAppId } from '../../domain/schemas/data-sources';
import { DATA_SOURCE_APP_LABELS } from '../../domain/schemas/data-sources';
import type { OutboundClient } from '../outbound';
import { outboundErrorIn } from '../outbound';
import type { DataSourceRow } from './data-sources.repository';
import { parseConnection } from './data-sources.dto';

export const DEFAULT_PROBE_TIMEOUT_MS = 5000;
/** The probe reads no body; whatever the service sends is cut short here. */
const MAX_PROBE_ANSWER_BYTES = 64 * 1024;

export const isEmbedded = (appId: number): boolean => appId === DataSourceApp.NONE;

/** The URL a connector talks to: its endpoint, instance or base URL, or https://host for databases. */
export function endpointOf(row: Pick<DataSourceRow, 'connection_json'>): string | null {
  const connection = parseConnection(row.connection_json);
  for (const key of ['Endpoint', 'InstanceUrl', 'BaseUrl']) {
    const value = connection[key];
    if (typeof value === 'string' && value) return value;
  }
  const host = connection.Host;
  return typeof host === 'string' && host ? `https://${host}` : null;
}

/** Why a request did not get an answer, in words an admin can act on. */
export function describeNetworkError(error: unknown, timeoutMs: number): string {
  const refused = outboundErrorIn(error);
  if (refused) return refused.message.replace(/\.$/, '');
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') return `no answer within ${Math.round(timeoutMs / 100) / 10} s`;
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  const code = cause?.code ?? '';
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  if (code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') return `no answer within ${Math.round(timeoutMs / 100) / 10} s`;
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'connection reset';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'network unreachable';
  if (/CERT|SSL|TLS|SELF_SIGNED/i.test(code)) return 'its TLS certificate is not trusted';
  return code ? `network error ${code}` : 'network error';
}

/**
 * Checks that the connector's service answers. This build has no document importer for connectors, so a
 * service that answers still ends the sync with an error saying so, rather than a success with nothing synced.
 */
export async function syncConnector(row: DataSourceRow, outbound: OutboundClient, timeoutMs = DEFAULT_PROBE_TIMEOUT_MS): Promise<string> {
  const label = DATA_SOURCE_APP_LABELS[row.app_id as DataSourceAppId] ?? `App ${row.app_id}`;
  const url = endpointOf(row);
  if (!url) throw new Error(`The ${label} connection has no endpoint to reach; edit the data source and fill it in.`);
  let status: number;
  try {
    const probe = outbound.fetcher({ timeoutMs, maxResponseBytes: MAX_PROBE_ANSWER_BYTES });
    const response = await probe(url, { method: 'HEAD', redirect: 'manual' });
    status = response.status;
    await response.body?.cancel().catch(() => undefined);
  } catch (error) {
    throw new Error(`Could not reach ${url}: ${describeNetworkError(error, timeoutMs)}`);
  }
  throw new Error(`Reached ${url} (HTTP ${status}), but importing documents from a ${label} source is not available in this version; nothing was synced.`);
}
