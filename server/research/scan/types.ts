// What every scan check gets and gives: the research network (its resolver, its guarded client), the ports to
// look at (443 and 80 on the internet; tests give their fixtures' random ports) and a signal that ends the check
// when its time is up.
import type { ScanCategory, ScanFinding, ScanResult, ScanSeverity } from '../../../domain/schemas/research';
import type { OutboundClient } from '../../outbound';
import type { ResearchDns } from '../dns';
import { describeFailure } from './failure';

export interface ScanPorts {
  https: number;
  http: number;
}

export const DEFAULT_SCAN_PORTS: ScanPorts = { https: 443, http: 80 };

export interface ScanDeps {
  dns: ResearchDns;
  /** Research's guarded client: every connection a check makes is checked and pinned by it. */
  outbound: OutboundClient;
  ports?: Partial<ScanPorts>;
  /** Time bound of each check family; 15 s unless given. */
  checkTimeoutMs?: number;
  now?: () => Date;
}

export interface CheckContext {
  /** Where mail and CAA records are looked up: the site's host without a leading www. */
  domain: string;
  /** The web host that is resolved, connected to and fetched from (the site link's host, www. kept). */
  host: string;
  dns: ResearchDns;
  outbound: OutboundClient;
  ports: ScanPorts;
  signal: AbortSignal;
  timeoutMs: number;
  now: Date;
}

/** One family of checks (e.g. the mail records): its findings, or a throw that the runner turns into findings. */
export interface CheckFamily {
  name: string;
  /** The checks it answers, so that a family that fails still yields one finding per check. */
  checks: readonly CheckInfo[];
  run(context: CheckContext): Promise<ScanFinding[]>;
}

export interface CheckInfo {
  check: string;
  title: string;
  category: ScanCategory;
}

export function finding(info: CheckInfo, result: ScanResult, severity: ScanSeverity, evidence: string[], recommendation: string): ScanFinding {
  return { ...info, result, severity, evidence, recommendation };
}

/** The finding of a check that could not run, with the reason as its evidence. */
export function notApplicable(info: CheckInfo, reason: string, recommendation = ''): ScanFinding {
  return finding(info, 'not_applicable', 'info', [reason], recommendation);
}

/** A check's finding, or — when it throws — a not-applicable finding that says why. */
export async function settle(info: CheckInfo, work: Promise<ScanFinding>): Promise<ScanFinding> {
  try {
    return await work;
  } catch (error) {
    return notApplicable(info, describeFailure(error));
  }
}
