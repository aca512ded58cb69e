// The domain's TLS on its HTTPS port: the certificate (trusted issuer, names covered, days until it expires), the
// protocol a modern client negotiates, and whether TLS 1.0 and 1.1 are still accepted. Handshakes only, each to the
// address the guard checked; nothing is sent over the connections.
import tls from 'node:tls';
import type { ScanFinding } from '../../../domain/schemas/research';
import type { TlsHandshakeResult } from '../../outbound';
import { outboundErrorIn } from '../../outbound';
import { describeFailure } from './failure';
import type { CheckContext, CheckFamily, CheckInfo } from './types';
import { finding, notApplicable, settle } from './types';

const TRUST: CheckInfo = { check: 'tls.certificate_trust', title: 'Certificate issued by a trusted authority', category: 'tls' };
const NAMES: CheckInfo = { check: 'tls.certificate_names', title: 'Certificate covers the site', category: 'tls' };
const EXPIRY: CheckInfo = { check: 'tls.certificate_expiry', title: 'Certificate expiry', category: 'tls' };
const PROTOCOL: CheckInfo = { check: 'tls.protocol', title: 'Negotiated TLS protocol', category: 'tls' };
const LEGACY: CheckInfo = { check: 'tls.legacy_protocols', title: 'TLS 1.0 and 1.1 refused', category: 'tls' };

const DAY_MS = 24 * 60 * 60 * 1000;
/** Below this many days left a certificate fails the check, below the second it is a warning. */
export const EXPIRY_FAIL_DAYS = 14;
export const EXPIRY_WARN_DAYS = 30;
/** What it takes for node's OpenSSL to offer the old protocols at all. */
const LEGACY_CIPHERS = 'DEFAULT@SECLEVEL=0';
/** Failures that say nothing about the protocol: the probe could not reach the server. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND']);

export const tlsChecks: CheckFamily = {
  name: 'TLS',
  checks: [TRUST, NAMES, EXPIRY, PROTOCOL, LEGACY],
  async run(context) {
    const [main, legacy] = await Promise.all([handshake(context).then((result) => ({ result }), (error: unknown) => ({ error })), settle(LEGACY, legacyProtocols(context))]);
    if ('error' in main) {
      const reason = describeFailure(main.error);
      const protocolFailure = !outboundErrorIn(main.error) && !UNREACHABLE.has(codeOf(main.error));
      return [
        notApplicable(TRUST, reason),
        notApplicable(NAMES, reason),
        notApplicable(EXPIRY, reason),
        protocolFailure
          ? finding(PROTOCOL, 'fail', 'high', [`no TLS 1.2 or 1.3 handshake on port ${context.ports.https}: ${reason}`], 'Serve HTTPS with TLS 1.2 and 1.3.')
          : notApplicable(PROTOCOL, reason),
        legacy,
      ];
    }
    return [trust(main.result), names(context.host, main.result), expiry(main.result, context.now), protocol(main.result), legacy];
  },
};

function handshake(context: CheckContext, versions: Partial<Pick<tls.ConnectionOptions, 'minVersion' | 'maxVersion' | 'ciphers'>> = {}): Promise<TlsHandshakeResult> {
  return context.outbound.tlsHandshake({ hostname: context.host, port: context.ports.https, timeoutMs: context.timeoutMs, signal: context.signal, ...versions });
}

function certificateEvidence({ certificate }: TlsHandshakeResult): string[] {
  const name = (entity: tls.Certificate | undefined) =>
    Object.entries(entity ?? {})
      .map(([key, value]) => `${key}=${Array.isArray(value) ? value.join('+') : String(value)}`)
      .join(', ');
  return [`subject: ${name(certificate.subject)}`, `issuer: ${name(certificate.issuer)}`, `valid to: ${certificate.valid_to}`, `names: ${certificate.subjectaltname ?? '(none)'}`];
}

function trust(result: TlsHandshakeResult): ScanFinding {
  if (result.authorized) return finding(TRUST, 'pass', 'info', certificateEvidence(result), '');
  return finding(TRUST, 'fail', 'high', [`not trusted: ${result.authorizationError ?? 'unknown reason'}`, ...certificateEvidence(result)], 'Use a certificate from a publicly trusted authority and serve the full chain (leaf and intermediates).');
}

function names(host: string, result: TlsHandshakeResult): ScanFinding {
  const evidence = [`names: ${result.certificate.subjectaltname ?? '(none)'}`, `subject: CN=${String(result.certificate.subject?.CN ?? '')}`];
  const mismatch = tls.checkServerIdentity(host, result.certificate);
  if (!mismatch) return finding(NAMES, 'pass', 'info', evidence, '');
  return finding(NAMES, 'fail', 'high', [mismatch.message, ...evidence], `Serve a certificate whose subjectAltName covers ${host}.`);
}

function expiry(result: TlsHandshakeResult, now: Date): ScanFinding {
  const validTo = new Date(result.certificate.valid_to);
  const daysLeft = Math.floor((validTo.getTime() - now.getTime()) / DAY_MS);
  const evidence = [`valid to: ${result.certificate.valid_to}`, `days left: ${daysLeft}`];
  const renew = 'Renew the certificate, and automate renewal (ACME) so that it never gets close to expiry.';
  if (Number.isNaN(daysLeft)) return notApplicable(EXPIRY, `unreadable expiry date: ${result.certificate.valid_to}`);
  if (daysLeft < 0) return finding(EXPIRY, 'fail', 'critical', evidence, `The certificate has expired: browsers refuse the site. ${renew}`);
  if (daysLeft < EXPIRY_FAIL_DAYS) return finding(EXPIRY, 'fail', 'high', evidence, `The certificate expires in ${daysLeft} days. ${renew}`);
  if (daysLeft < EXPIRY_WARN_DAYS) return finding(EXPIRY, 'warning', 'medium', evidence, `The certificate expires in ${daysLeft} days. ${renew}`);
  return finding(EXPIRY, 'pass', 'info', evidence, '');
}

function protocol(result: TlsHandshakeResult): ScanFinding {
  const evidence = [`protocol: ${result.protocol ?? 'unknown'}`, `cipher: ${result.cipher}`];
  if (result.protocol === 'TLSv1.3') return finding(PROTOCOL, 'pass', 'info', evidence, '');
  if (result.protocol === 'TLSv1.2') return finding(PROTOCOL, 'pass', 'info', evidence, 'Consider enabling TLS 1.3 as well.');
  return finding(PROTOCOL, 'fail', 'high', evidence, 'Serve HTTPS with TLS 1.2 and 1.3.');
}

async function legacyProtocols(context: CheckContext): Promise<ScanFinding> {
  const versions = ['TLSv1', 'TLSv1.1'] as const;
  const probes = await Promise.all(
    versions.map(async (version) => {
      try {
        const result = await handshake(context, { minVersion: version, maxVersion: version, ciphers: LEGACY_CIPHERS });
        return { version, state: result.protocol === version ? ('accepted' as const) : ('refused' as const), detail: `negotiated ${result.protocol ?? 'unknown'}` };
      } catch (error) {
        const unknown = outboundErrorIn(error) !== null || UNREACHABLE.has(codeOf(error)) || context.signal.aborted;
        return { version, state: unknown ? ('unknown' as const) : ('refused' as const), detail: describeFailure(error) };
      }
    }),
  );
  const evidence = probes.map(({ version, state, detail }) => `${version}: ${state} (${detail})`);
  const accepted = probes.filter((probe) => probe.state === 'accepted').map((probe) => probe.version);
  if (accepted.length) {
    const severity = accepted.includes('TLSv1') ? 'high' : 'medium';
    return finding(LEGACY, 'fail', severity, evidence, 'Turn off TLS 1.0 and 1.1 (deprecated by RFC 8996): accept TLS 1.2 and 1.3 only.');
  }
  if (probes.some((probe) => probe.state === 'unknown')) return finding(LEGACY, 'not_applicable', 'info', evidence, '');
  return finding(LEGACY, 'pass', 'info', evidence, '');
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}
