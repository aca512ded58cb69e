// Upstream failures as one typed error whose message is safe to store and show: no key, no URL credentials.
import { OutboundRefusedError, outboundErrorIn } from '../../outbound';

export type ProviderErrorKind = 'upstream' | 'timeout' | 'aborted' | 'connection' | 'configuration';

export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    /** The upstream's HTTP status, when it answered. */
    readonly status?: number,
  ) {
    super(message);
  }
}

const MAX_MESSAGE_LENGTH = 500;
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi;
// Provider keys as they look in the wild (OpenAI sk-…, Anthropic sk-ant-…, bearer values); a provider sometimes echoes part of one.
const KEY_LIKE = /\b(sk-(?:ant-)?[A-Za-z0-9_*-]{6,}|Bearer\s+[A-Za-z0-9._~+/=-]{6,})/g;

/** Strips what must never be shown from a provider's message: the key itself, key-like strings, URL credentials. */
export function sanitizeProviderMessage(message: string, secrets: (string | null | undefined)[] = []): string {
  let safe = message;
  for (const secret of secrets) {
    if (secret && secret.length >= 4) safe = safe.split(secret).join('[redacted]');
  }
  safe = safe.replace(URL_CREDENTIALS, '$1').replace(KEY_LIKE, '[redacted]').replace(/\s+/g, ' ').trim();
  return safe.length > MAX_MESSAGE_LENGTH ? `${safe.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : safe || 'The provider gave no message.';
}

interface SdkLikeError {
  name?: string;
  status?: number;
  message?: string;
  error?: unknown;
}

/** The provider's own words from an SDK error body: OpenAI's {error:{message}}, Anthropic's {type:'error', error:{message}}. */
function upstreamMessage(error: SdkLikeError): string | undefined {
  const body = error.error as { message?: unknown; error?: { message?: unknown } } | undefined;
  const inner = body?.error?.message ?? body?.message;
  return typeof inner === 'string' && inner ? inner : undefined;
}

/** Turns whatever an SDK threw into a ProviderError. */
export function toProviderError(error: unknown, secrets: (string | null | undefined)[], signal?: AbortSignal): ProviderError {
  if (error instanceof ProviderError) return error;
  // The guarded client refused the host (a configuration matter) or cut an answer that broke its bounds.
  const outbound = outboundErrorIn(error);
  if (outbound) return new ProviderError(outbound instanceof OutboundRefusedError ? 'configuration' : 'upstream', sanitizeProviderMessage(outbound.message, secrets));
  const sdk = (typeof error === 'object' && error !== null ? error : {}) as SdkLikeError;
  // The SDKs' error classes do not all set `name`; their class names are stable across both SDKs.
  const name = sdk.name && sdk.name !== 'Error' ? sdk.name : ((error as { constructor?: { name?: string } } | null)?.constructor?.name ?? '');
  if (signal?.aborted || name === 'APIUserAbortError' || name === 'AbortError') {
    const reason: unknown = signal?.reason;
    const timedOut = reason instanceof Error && reason.name === 'TimeoutError';
    return timedOut
      ? new ProviderError('timeout', 'The provider did not answer in time.')
      : new ProviderError('aborted', 'The request to the provider was cancelled.');
  }
  if (name === 'APIConnectionTimeoutError' || name === 'TimeoutError') return new ProviderError('timeout', 'The provider did not answer in time.');
  if (typeof sdk.status === 'number') {
    const said = upstreamMessage(sdk) ?? sdk.message ?? '';
    return new ProviderError('upstream', sanitizeProviderMessage(`${sdk.status}: ${said.replace(new RegExp(`^${sdk.status}\\s*`), '')}`, secrets), sdk.status);
  }
  // The SDK's connection error, or the guarded fetch's own ("fetch failed", as fetch says it) on a call made without the SDK.
  if (name === 'APIConnectionError' || (error instanceof TypeError && error.message === 'fetch failed')) {
    const cause = (error as { cause?: { message?: string; code?: string } }).cause;
    const detail = cause?.code ?? cause?.message;
    return new ProviderError('connection', sanitizeProviderMessage(`Could not reach the provider${detail ? ` (${detail})` : ''}.`, secrets));
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ProviderError('connection', sanitizeProviderMessage(`The provider's answer broke off: ${message}`, secrets));
}
