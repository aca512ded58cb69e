export { createResearchNetwork } from './network';
export type { ResearchNetwork, ResearchNetworkConfig } from './network';
export { researchDns } from './dns';
export type { ResearchDns } from './dns';
export { normalizeDomain, siteHost } from './domain-name';
export { runPassiveScan, CHECK_FAMILIES, DEFAULT_CHECK_TIMEOUT_MS } from './scan/run-passive-scan';
export type { ScanDeps, ScanPorts } from './scan/types';
