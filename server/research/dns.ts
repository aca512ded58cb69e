// Name lookups for company research: node's c-ares resolver, asking the servers of RESEARCH_DNS_SERVERS when set
// (the machine's configured servers otherwise), bounded per query. Its `addresses` is the Resolver that research's
// OutboundClient checks and pins with, so that fetches and scans resolve the same way the DNS checks do.
import { Resolver as DnsResolver } from 'node:dns/promises';
import type { CaaRecord, MxRecord } from 'node:dns';
import type { ResolvedAddress, Resolver } from '../outbound';
import { systemResolver } from '../outbound';

/** One query: 2.5 s per try, two tries. */
const QUERY_TIMEOUT_MS = 2500;
const QUERY_TRIES = 2;

/** Answers that mean "there is no such record" rather than "the lookup failed". */
const NO_RECORD = new Set(['ENODATA', 'ENOTFOUND']);

export interface ResearchDns {
  /** Every A and AAAA address of a name (rejects with ENOTFOUND when there is none). */
  addresses: Resolver;
  /** TXT strings of a name, each record's parts joined; [] when there is none. */
  txt(name: string): Promise<string[]>;
  mx(name: string): Promise<MxRecord[]>;
  caa(name: string): Promise<CaaRecord[]>;
}

export function researchDns(servers: readonly string[]): ResearchDns {
  const resolver = new DnsResolver({ timeout: QUERY_TIMEOUT_MS, tries: QUERY_TRIES });
  if (servers.length) resolver.setServers([...servers]);
  return {
    // Without servers of its own, research resolves as the rest of the machine does (hosts file included).
    addresses: servers.length ? (hostname) => addressesOf(resolver, hostname) : systemResolver,
    txt: async (name) => (await orNone(resolver.resolveTxt(name))).map((parts) => parts.join('')),
    mx: (name) => orNone(resolver.resolveMx(name)),
    caa: (name) => orNone(resolver.resolveCaa(name)),
  };
}

async function addressesOf(resolver: DnsResolver, hostname: string): Promise<ResolvedAddress[]> {
  const [v4, v6] = await Promise.allSettled([resolver.resolve4(hostname), resolver.resolve6(hostname)]);
  const addresses: ResolvedAddress[] = [
    ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 as const })) : []),
    ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 as const })) : []),
  ];
  if (addresses.length) return addresses;
  // A failure other than "no such record" (a timeout, a refused query) is the answer worth reporting.
  const failures = [v4, v6].flatMap((result) => (result.status === 'rejected' ? [result.reason as NodeJS.ErrnoException] : []));
  const real = failures.find((error) => !NO_RECORD.has(error.code ?? ''));
  throw real ?? Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname });
}

async function orNone<T>(query: Promise<T[]>): Promise<T[]> {
  try {
    return await query;
  } catch (error) {
    if (NO_RECORD.has((error as NodeJS.ErrnoException).code ?? '')) return [];
    throw error;
  }
}
