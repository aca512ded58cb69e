// Why a check could not run, in words fit for a report: a refusal of the guard as it says it, a network or DNS
// failure by its code. Never a stack trace.
import { outboundErrorIn } from '../../outbound';

const CODES: Record<string, string> = {
  ENOTFOUND: 'the name does not resolve',
  ENODATA: 'the name has no such record',
  ECONNREFUSED: 'the connection was refused (nothing listens there)',
  ECONNRESET: 'the connection was reset',
  ETIMEDOUT: 'no answer in time',
  ETIMEOUT: 'the DNS server did not answer in time',
  ESERVFAIL: 'the DNS server failed to answer',
  EREFUSED: 'the DNS server refused the query',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  UND_ERR_CONNECT_TIMEOUT: 'the connection was not made in time',
};

export function describeFailure(error: unknown): string {
  const outbound = outboundErrorIn(error);
  if (outbound) return `Refused: ${outbound.message}`;
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return CODES[code] ? `${code}: ${CODES[code]}` : `${code}: ${code.startsWith('ERR_SSL_') ? opensslReason(current) : messageOf(current)}`;
    if (current instanceof Error && current.name === 'TimeoutError') return 'no answer in time';
    current = current instanceof Error ? current.cause : undefined;
  }
  return messageOf(error);
}

/** OpenSSL's reason ("tlsv1 alert protocol version") without its file names and line numbers. */
function opensslReason(error: unknown): string {
  const message = messageOf(error);
  return /SSL routines:[^:]*:([^:]+)/.exec(message)?.[1]?.trim() ?? message;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message.split('\n')[0]!.slice(0, 300) : 'unknown failure';
}
