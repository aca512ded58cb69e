import type { Migration } from 'kysely';
import * as foundation from './0001_foundation';
import * as directory from './0002_directory';
import * as identityProviders from './0003_identity_providers';
import * as languageModels from './0004_language_models';
import * as policies from './0005_policies';
import * as dataSources from './0006_data_sources';
import * as verifiers from './0007_verifiers';
import * as apps from './0008_apps';
import * as promptLifecycle from './0009_prompt_lifecycle';
import * as chat from './0010_chat';
import * as metrics from './0011_metrics';
import * as metricsFacts from './0012_metrics_facts';
import * as tokenScopesRateLimits from './0013_token_scopes_rate_limits';
import * as requestPath from './0014_request_path';
import * as nameKeys from './0015_name_keys';
import * as copyright from './0016_copyright';
import * as redTeaming from './0017_red_teaming';
import * as research from './0018_research';
import * as gatewaySurface from './0019_gateway_surface';
import * as gatewayToolsMetrics from './0020_gateway_tools_metrics';
import * as copyrightServiceChecks from './0021_copyright_service_checks';
import * as redTeamCarriers from './0022_red_team_carriers';
import * as retrievalEmbeddings from './0023_retrieval_embeddings';
import * as researchUploads from './0024_research_uploads';
import * as vectorStores from './0026_vector_stores';
import * as documentBatches from './0029_document_batches';
import * as promptRecordsWithoutRowid from './0030_prompt_records_without_rowid';

/** Every migration, in order. Listed in code so the bundled server carries them. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_directory': directory,
  '0003_identity_providers': identityProviders,
  '0004_language_models': languageModels,
  '0005_policies': policies,
  '0006_data_sources': dataSources,
  '0007_verifiers': verifiers,
  '0008_apps': apps,
  '0009_prompt_lifecycle': promptLifecycle,
  '0010_chat': chat,
  '0011_metrics': metrics,
  '0012_metrics_facts': metricsFacts,
  '0013_token_scopes_rate_limits': tokenScopesRateLimits,
  '0014_request_path': requestPath,
  '0015_name_keys': nameKeys,
  '0016_copyright': copyright,
  '0017_red_teaming': redTeaming,
  '0018_research': research,
  '0019_gateway_surface': gatewaySurface,
  '0020_gateway_tools_metrics': gatewayToolsMetrics,
  '0021_copyright_service_checks': copyrightServiceChecks,
  '0022_red_team_carriers': redTeamCarriers,
  '0023_retrieval_embeddings': retrievalEmbeddings,
  '0024_research_uploads': researchUploads,
  '0026_vector_stores': vectorStores,
  '0029_document_batches': documentBatches,
  '0030_prompt_records_without_rowid': promptRecordsWithoutRowid,
};
