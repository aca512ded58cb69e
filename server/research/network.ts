// What research reaches the internet with: its own resolver (RESEARCH_DNS_SERVERS, else the system's) and its own
// guarded client that resolves through it and trusts RESEARCH_EXTRA_CA_FILE besides the system CAs. The allow-list
// is the operator's OUTBOUND_ALLOW_HOSTS, as for every other outbound call.
import type { Config } from '../config';
import { OutboundClient } from '../outbound';
import type { ResearchDns } from './dns';
import { researchDns } from './dns';
import { readExtraCaFile } from './settings';

export interface ResearchNetwork {
  dns: ResearchDns;
  outbound: OutboundClient;
  close(): Promise<void>;
}

export type ResearchNetworkConfig = Pick<Config, 'OUTBOUND_ALLOW_HOSTS' | 'RESEARCH_DNS_SERVERS' | 'RESEARCH_EXTRA_CA_FILE'>;

export function createResearchNetwork(config: ResearchNetworkConfig): ResearchNetwork {
  const dns = researchDns(config.RESEARCH_DNS_SERVERS);
  const extra = config.RESEARCH_EXTRA_CA_FILE ? readExtraCaFile(config.RESEARCH_EXTRA_CA_FILE) : { certificates: [] };
  // loadConfig checked the file; one that became unreadable since is an error worth stopping for.
  if ('invalid' in extra) throw new Error(`RESEARCH_EXTRA_CA_FILE: ${extra.invalid}`);
  const outbound = new OutboundClient({ allowHosts: config.OUTBOUND_ALLOW_HOSTS, resolver: dns.addresses, extraCa: extra.certificates });
  return { dns, outbound, close: () => outbound.close() };
}
