// The cysmo scan: every check family runs at once, each within its time bound; a family that fails or runs out of
// time still yields one finding per check, saying why. The scan never throws.
import type { PassiveScan, ScanFinding } from '../../../domain/schemas/research';
import { siteHost } from '../domain-name';
import { addressChecks } from './dns-addresses';
import { caaChecks } from './dns-caa';
import { mailChecks } from './dns-mail';
import { describeFailure } from './failure';
import { httpChecks } from './http-headers';
import { securityTxtChecks } from './security-txt';
import { tlsChecks } from './tls';
import type { CheckContext, CheckFamily, ScanDeps } from './types';
import { DEFAULT_SCAN_PORTS, notApplicable } from './types';

export const CHECK_FAMILIES: readonly CheckFamily[] = [addressChecks, mailChecks, caaChecks, tlsChecks, httpChecks, securityTxtChecks];
export const DEFAULT_CHECK_TIMEOUT_MS = 15_000;

export async function runPassiveScan(input: string, deps: ScanDeps): Promise<PassiveScan> {
  const now = deps.now ?? (() => new Date());
  const startedAt = now();
  const host = siteHost(input);
  if (!host) {
    const reason = `"${input.slice(0, 100)}" is not a domain name`;
    const findings = CHECK_FAMILIES.flatMap((family) => family.checks.map((info) => notApplicable(info, reason)));
    return { domain: input.slice(0, 253), host: input.slice(0, 253), startedAt: startedAt.toISOString(), finishedAt: now().toISOString(), findings };
  }
  const timeoutMs = deps.checkTimeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS;
  const ports = { ...DEFAULT_SCAN_PORTS, ...deps.ports };
  const domain = host.replace(/^www\./, '');
  const findings = await Promise.all(CHECK_FAMILIES.map((family) => runFamily(family, { domain, host, dns: deps.dns, outbound: deps.outbound, ports, timeoutMs, now: startedAt, signal: AbortSignal.timeout(timeoutMs) })));
  return { domain, host, startedAt: startedAt.toISOString(), finishedAt: now().toISOString(), findings: findings.flat() };
}

async function runFamily(family: CheckFamily, context: CheckContext): Promise<ScanFinding[]> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), context.timeoutMs);
  });
  try {
    const outcome = await Promise.race([family.run(context), timedOut]);
    if (outcome === 'timeout') return family.checks.map((info) => notApplicable(info, `The ${family.name} checks did not finish within ${formatDuration(context.timeoutMs)}.`));
    // A family answers each of its checks once; a check it left out is reported rather than silently missing.
    const answered = new Set(outcome.map((item) => item.check));
    return [...outcome, ...family.checks.filter((info) => !answered.has(info.check)).map((info) => notApplicable(info, 'The check gave no result.'))];
  } catch (error) {
    return family.checks.map((info) => notApplicable(info, describeFailure(error)));
  } finally {
    clearTimeout(timer);
  }
}

function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
}
