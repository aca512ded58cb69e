// Row types of every table, as Kysely sees them. Timestamps are epoch milliseconds; flags are 0/1 integers
// so that SQLite and PostgreSQL read and write the same values.
import type { CopyrightChecksTable, CopyrightMatchesTable, CopyrightSettingsTable, ProtectedWorksTable } from '../copyright/copyright.tables';
import type { ColumnType, Generated } from 'kysely';

/** A nullable column that inserts may leave out (null: not set at this level). */
type OptionalLimit = ColumnType<number | null, number | null | undefined, number | null>;

export interface CustomersTable {
  id: string;
  name: string;
  type: number;
  contact_name: string | null;
  contact_email: string | null;
  created_at: number;
  updated_at: number;
}

export interface OrganizationsTable {
  id: string;
  customer_id: string;
  name: string;
  domain: string | null;
  last_sync_status: Generated<number>;
  last_sync_at: number | null;
  last_sync_message?: string | null;
  created_at: number;
  updated_at: number;
  /** Gateway limits (0013): the default of the organization's members; null = the deployment's default. */
  rate_limit_rpm: OptionalLimit;
  rate_limit_tpm: OptionalLimit;
  /** 1: gateway requests may carry image parts (0019; default 0, refused). */
  gateway_images_allowed: Generated<number>;
  /** JSON array of the function names a gateway request may offer a model; null: any (0019). */
  gateway_allowed_tools: string | null;
}

export interface UsersTable {
  id: string;
  customer_id: string | null;
  organization_id: string | null;
  email: string;
  first_name: string;
  last_name: string;
  role: number;
  identity_type: number;
  password_hash: string | null;
  enabled: number;
  image: string | null;
  last_login_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  id_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  last_seen_at: number;
  ip: string | null;
  user_agent: string | null;
}

export interface PasswordTokensTable {
  id_hash: string;
  user_id: string;
  purpose: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface AppSettingsTable {
  /** 'global' for the deployment, else an organization id. */
  scope: string;
  title: string | null;
  icon: string | null;
  logo: string | null;
  favicon: string | null;
  theme_color: string | null;
  features_json: string | null;
  deployment_type: string | null;
  default_home_route: string | null;
  updated_at: number;
}

export interface RateLimitsTable {
  key: string;
  window_start: number;
  hits: number;
  /** Language-model tokens used in the window (0013). */
  tokens: Generated<number>;
}

export interface GroupsTable {
  id: string;
  organization_id: string;
  name: string;
  description: string | null;
  identity_type: number;
  created_at: number;
  updated_at: number;
}

export interface GroupMembersTable {
  group_id: string;
  user_id: string;
}

export interface AccessTokensTable {
  id: string;
  user_id: string;
  name: string;
  secret_hash: string;
  masked_secret: string;
  expiry_days: number;
  expires_at: number | null;
  last_used_at: number | null;
  revoked_at: number | null;
  created_at: number;
  /** Comma-separated TokenScope values (0013). */
  scopes: ColumnType<string, string | undefined, string>;
  /** Gateway limits of this token (0013); null = its owner's organization's. */
  rate_limit_rpm: OptionalLimit;
  rate_limit_tpm: OptionalLimit;
}

export interface HelpPagesTable {
  id: string;
  organization_id: string;
  slug: string;
  title: string;
  category: string;
  body: string;
  updated_at: number;
}

export interface AuditLogTable {
  id: string;
  at: number;
  actor_id: string | null;
  actor_email: string | null;
  customer_id: string | null;
  organization_id: string | null;
  action: string;
  resource: string;
  record_id: string | null;
  summary: string;
  before_json: string | null;
  after_json: string | null;
}

export interface IdentityProvidersTable {
  id: string;
  organization_id: string;
  customer_id: string;
  name: string;
  preset: string;
  issuer: string;
  client_id: string;
  /** SecretBox ciphertext; never returned, never logged. */
  client_secret_enc: string;
  scopes: string;
  role_claim: string | null;
  /** JSON array of { ClaimValue, Role }. */
  role_mapping_json: string;
  group_claim: string | null;
  default_role: number;
  /** Comma-separated email domains, or null for any. */
  allowed_domains: string | null;
  enabled: number;
  created_at: number;
  updated_at: number;
}

export interface OidcPendingLoginsTable {
  /** SHA-256 of the OAuth state; the state itself lives only in the browser's cookie and the provider's redirect. */
  state_hash: string;
  idp_id: string;
  /** SecretBox ciphertext of the PKCE code_verifier. */
  code_verifier_enc: string;
  nonce: string;
  redirect_uri: string;
  created_at: number;
  expires_at: number;
}

export type JobStatus = 'queued' | 'running' | 'completed' | 'failed';

export interface JobsTable {
  id: string;
  type: string;
  customer_id: string | null;
  organization_id: string | null;
  status: JobStatus;
  progress: number;
  message: string | null;
  payload_json: string;
  result_json: string | null;
  attempts: number;
  locked_by: string | null;
  locked_until: number | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

export interface LanguageModelsTable {
  id: Generated<number>;
  organization_id: string;
  name: string;
  provider: string;
  model: string;
  base_url: string | null;
  api_version: string | null;
  /** SecretBox ciphertext; null when the provider needs no key (demo, a local Ollama). */
  api_key_enc: string | null;
  max_tokens: number;
  temperature: number;
  /** 1: the model takes image parts (0019). */
  vision: Generated<number>;
  enabled: number;
  config_status: number;
  config_message: string | null;
  tested_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface LanguageModelGroupsTable {
  language_model_id: number;
  group_id: string;
}

export interface DataSourcesTable {
  id: string;
  organization_id: string;
  name: string;
  app_id: number;
  /** Non-secret connection settings, JSON object. */
  connection_json: string;
  /** SecretBox ciphertext of a JSON object of the connection's secrets; never returned, never logged. */
  secrets_enc: string | null;
  vector_database: number;
  embedding_model: number;
  chunk_size: number;
  similarity: number;
  sync_interval: number | null;
  sync_interval_unit: string;
  enabled: number;
  last_sync_status: number;
  last_sync_at: number | null;
  last_sync_message: string | null;
  sync_job_id: string | null;
  chunk_count: number;
  token_count: number;
  /** 1: chunks are embedded and retrieval is hybrid (0023). */
  embeddings_enabled: Generated<number>;
  /** The organization's language model whose provider, key and base URL embed (0023). */
  embedding_language_model_id: number | null;
  /** Null: the model name mapped from `embedding_model` (0023). */
  embedding_model_name: string | null;
  /** Moves whenever the source's vectors change (0023). */
  vector_revision: Generated<number>;
  /** An external vector store's public settings, with an `ApiKeySet` flag (0026). */
  vector_store_json: Generated<string>;
  /** Its API key, encrypted (0026). */
  vector_store_secret_enc: string | null;
  created_at: number;
  updated_at: number;
  /** 0022: a red-teaming job's own source (indirect injection through a chunk); null for every other. */
  red_team_job_id?: string | null;
}

/** One chunk's embedding (0023): base64 of its float32 little-endian bytes. */
export interface ChunkVectorsTable {
  chunk_id: string;
  data_source_id: string;
  model_key: string;
  dimensions: number;
  vector: string;
}

/** A chunk id written to a source's external vector store, under the key of the model and store (0026). */
export interface VectorStoreEntriesTable {
  data_source_id: string;
  chunk_id: string;
  store_key: string;
}

export interface DataSourceGroupsTable {
  data_source_id: string;
  group_id: string;
}

export interface DocumentsTable {
  id: string;
  data_source_id: string;
  parent_id: string | null;
  name: string;
  content_type: number;
  upload_status: number | null;
  size: number;
  mime_type: string | null;
  content_text: string | null;
  content_hash: string | null;
  indexed_hash: string | null;
  indexed_chunk_size: number | null;
  chunk_count: number;
  error: string | null;
  created_at: number;
  updated_at: number;
}

/** 0029: a file of a multi-file upload, waiting for (or done by) its job; `content` is emptied once read. */
export interface DocumentBatchFilesTable {
  id: string;
  job_id: string;
  data_source_id: string;
  ordinal: number;
  path: string;
  mime_type: string | null;
  size: number;
  content: Uint8Array | null;
  status: string;
  document_id: string | null;
  error: string | null;
  created_at: number;
  updated_at: number;
}

export interface ChunksTable {
  id: string;
  data_source_id: string;
  document_id: string;
  ordinal: number;
  text: string;
  token_count: number;
}

export interface ChunkTermsTable {
  term: string;
  data_source_id: string;
  chunk_id: string;
  tf: number;
  chunk_tokens: number;
}

export interface PoliciesTable {
  id: string;
  organization_id: string;
  name: string;
  description: string | null;
  /** One of POLICY_TYPES. */
  type: string;
  enabled: number;
  /** Lower first. */
  priority: number;
  all_targets: number;
  /** The ordered rules, JSON array of PolicyRule. */
  rules_json: string;
  created_at: number;
  updated_at: number;
}

/** One row per target: either a group or a language model. */
export interface PolicyTargetsTable {
  policy_id: string;
  group_id: string | null;
  language_model_id: number | null;
}

export interface VerifiersTable {
  id: string;
  organization_id: string;
  name: string;
  /** JSON array of VERIFICATION_METRIC_TYPES. */
  metric_types_json: string;
  intensity: string;
  api_version: string;
  action: string;
  threshold: number;
  /** External verification service; null runs the built-in checks. */
  endpoint: string | null;
  /** SecretBox ciphertext; never returned, never logged. */
  api_key_enc: string | null;
  enabled: number;
  created_at: number;
  updated_at: number;
}

export interface AppsTable {
  id: string;
  organization_id: string;
  name: string;
  description: string | null;
  /** 'draft' | 'active' | 'disabled' */
  status: string;
  completed_step: number;
  /** JSON array of { DataSourceId, GroupIds } (step 2). */
  data_access_json: string;
  /** JSON { TopK, MinScore, CiteSources } (step 3). */
  rag_json: string;
  default_language_model_id: number | null;
  prompt_type: number;
  /** JSON array of { Title, Prompt } (step 7). */
  predefined_prompts_json: string;
  created_at: number;
  updated_at: number;
  /** Gateway limits of the copilot (0013); null = its organization's. */
  rate_limit_rpm: OptionalLimit;
  rate_limit_tpm: OptionalLimit;
  /** 0020: JSON array of the tool names the copilot's token calls may use (within the organization's list); null: the organization's list. */
  allowed_tools: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AppDataSourcesTable {
  app_id: string;
  data_source_id: string;
}

export interface AppLanguageModelsTable {
  app_id: string;
  language_model_id: number;
}

export interface AppPoliciesTable {
  app_id: string;
  policy_id: string;
}

export interface AppUsersTable {
  app_id: string;
  user_id: string;
}

export interface AppGroupsTable {
  app_id: string;
  group_id: string;
}

/** One access token per copilot, stored as a SHA-256 hash. */
export interface AppTokensTable {
  app_id: string;
  secret_hash: string;
  masked_secret: string;
  created_by: string | null;
  last_used_at: number | null;
  created_at: number;
}

export interface ConversationsTable {
  id: string;
  organization_id: string;
  user_id: string;
  vault_enc: string | null;
  created_at: number;
  updated_at: number;
  /** Chat (0010): '' until the first prompt names it. */
  title: Generated<string>;
  language_model_id: number | null;
  parent_conversation_id: string | null;
  source_chunk_id: string | null;
}

/** One per chat prompt; id is the prompt id of the lifecycle record. */
export interface ChatMessagesTable {
  id: string;
  conversation_id: string;
  organization_id: string;
  user_id: string;
  message_type: string;
  /** As the user typed it. */
  prompt: string;
  /** As shown (real values restored); null while streaming. */
  answer: string | null;
  blocked_message: string | null;
  error: string | null;
  policy_actions_json: string;
  sources_json: string;
  verification_json: string | null;
  verification_warning: string | null;
  malicious: number;
  language_model_id: number | null;
  model_name: string | null;
  app_id: string | null;
  app_name: string | null;
  document_id: string | null;
  document_name: string | null;
  created_at: number;
}

/** A document uploaded to a conversation (to summarize): only its extracted text, SecretBox-encrypted. */
export interface ChatDocumentsTable {
  id: string;
  conversation_id: string;
  organization_id: string;
  user_id: string;
  file_name: string;
  mime_type: string;
  size_bytes: number;
  characters: number;
  text_enc: string;
  created_at: number;
}

export interface PromptsTable {
  id: string;
  organization_id: string;
  user_id: string;
  conversation_id: string | null;
  app_id: string | null;
  language_model_id: number | null;
  message_type: string;
  status: string;
  blocked_json: string | null;
  malicious: number;
  flagged: number;
  anonymized: number;
  redacted: number;
  created_at: number;
  finished_at: number | null;
  /** Metrics (0011): the model name the llm stage recorded, set when the prompt finishes. */
  model_name: string | null;
  /** Metrics (0011): 1 once counted in metrics_rollups (by the background aggregator since 0014; 2 while it claims it). */
  rolled_up: Generated<number>;
  /** 0014: the server process serving an in-progress prompt (server_instances.id); null for older rows. */
  instance_id: string | null;
  /** 0017: the red-teaming job that sent this prompt (null: a real user's or app's prompt); kept out of the metrics facts. */
  red_team_job_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0020: tool calls the model made; of them, arguments changed by the policies (anonymized or redacted). */
  tool_calls: Generated<number>;
  tool_calls_anonymized: Generated<number>;
  /** 0020: tool results the app sent back; of them, an injection found by the guard; changed by the policies. */
  tool_results: Generated<number>;
  tool_results_malicious: Generated<number>;
  tool_results_anonymized: Generated<number>;
}

/** 0014: a running server process, alive while its heartbeat is recent. */
export interface ServerInstancesTable {
  id: string;
  started_at: number;
  heartbeat_at: number;
}

/** 0014: bumped by every change of an organization's configuration; each process drops its cached copy when it moves. */
export interface ConfigVersionsTable {
  organization_id: string;
  version: number;
}

export interface PromptStagesTable {
  prompt_id: string;
  ordinal: number;
  service: string;
  cycle_status: number;
  service_status: string;
  reason: string | null;
  latency_ms: number | null;
  tokens_in: number | null;
  tokens_out: number | null;
  detail_json: string | null;
}

export interface PromptAttributesTable {
  prompt_id: string;
  attribute: string;
}

export interface PromptPoliciesTable {
  prompt_id: string;
  policy_id: string;
}

/** Metrics (0011): an hour ('h') or UTC day ('d') of one organization, whole or per item of a dimension. */
/** Metrics (0011): per organization, bumped by every rollup write; server/metrics/rollup-cache.ts. */
export interface MetricsRollupVersionsTable {
  organization_id: string;
  version: number;
  /** the version of the last rebuild (0: none): caches drop everything they hold of the organization */
  rebuilt_at: number;
}

/**
 * Metrics (0012): one finished prompt as the metrics measure it (server/metrics/facts.ts `factRow`), one column per
 * measured value so drill-downs select prompts in SQL. Stage statuses: 1 ok, 2 skip, 3 fail, null none.
 */
export interface MetricsFactsTable {
  prompt_id: string;
  organization_id: string;
  created_at: number;
  user_id: string;
  app_id: string | null;
  llm_id: number | null;
  model_name: string | null;
  /** 1 malicious, 2 blocked, 4 anonymized, 8 redacted, 16 policy skip, 32 withheld by the copyright check */
  flags: number;
  cs_status: number | null;
  cs_tokens: number | null;
  cs_latency: number | null;
  cdr_status: number | null;
  cdr_tokens: number | null;
  cdr_latency: number | null;
  pe_status: number | null;
  pe_tokens: number | null;
  pe_latency: number | null;
  llm_status: number | null;
  llm_tokens: number | null;
  llm_latency: number | null;
  vs_status: number | null;
  vs_tokens: number | null;
  vs_latency: number | null;
  /** thousandths */
  q_accuracy: number | null;
  q_hallucination: number | null;
  q_toxicity: number | null;
  q_bias: number | null;
  /** Passages the copyright check matched (0021); null when it found none or did not run. */
  copyright_matches: number | null;
  /** JSON [policy ids, attribute ids]; null when both are empty */
  lists: string | null;
  /** 0020: tool calls the model made; of them, arguments changed by the policies (anonymized or redacted). */
  tool_calls: number;
  tool_calls_anonymized: number;
  /** 0020: tool results the app sent back; of them, an injection found by the guard; changed by the policies. */
  tool_results: number;
  tool_results_malicious: number;
  tool_results_anonymized: number;
}

/** Metrics (0012): the policies and attributes of a finished prompt, so a filter on one reads an index range. */
export interface MetricsFactItemsTable {
  organization_id: string;
  /** policy or attribute */
  dimension: string;
  /** the policy id, or the METRIC_ATTRIBUTES id */
  item: string;
  created_at: number;
  prompt_id: string;
}

export interface MetricsRollupsTable {
  organization_id: string;
  /** all, user, app, llm, model, policy, attribute */
  dimension: string;
  span: string;
  start_at: number;
  /** '' for dimension all */
  item: string;
  prompts: number;
  /** the organization's metrics_rollup_versions.version at this row's last write */
  version: Generated<number>;
  /** server/metrics/aggregate.ts encoding: counts and scalars as JSON */
  data: string;
  /** server/metrics/aggregate.ts encoding: the distributions' values, varint-coded */
  dist_values: Uint8Array;
}

export interface RiskSettingsTable {
  organization_id: string;
  settings_json: string;
  updated_by: string | null;
  updated_at: number;
}

export interface ResearchSearchesTable {
  id: string;
  organization_id: string;
  user_id: string;
  /** 'vora' or 'vora_p'. */
  variant: string;
  account_name: string;
  site_link: string;
  location: string;
  /** in_progress, success (every section ended), failed (the job itself failed). */
  status: string;
  job_id: string | null;
  models_json: string;
  created_at: number;
  updated_at: number;
  completed_at: number | null;
}

export interface ResearchSectionsTable {
  search_id: string;
  section_key: string;
  status: string;
  started_at: number | null;
  finished_at: number | null;
  evidence_json: string | null;
  reason: string | null;
}

export interface ResearchFollowupsTable {
  id: string;
  search_id: string;
  user_id: string;
  prompt_id: string | null;
  question: string;
  answer: string | null;
  error: string | null;
  created_at: number;
}

export interface ResearchGuidelinesTable {
  id: string;
  organization_id: string;
  name: string;
  rule_json: string;
  enabled: number;
  created_at: number;
  updated_at: number;
}

export interface ResearchGuidelineDefaultsTable {
  organization_id: string;
  given_at: number;
}

/** 0024: a document uploaded with a research search; only its extracted text is kept. */
export interface ResearchUploadsTable {
  id: string;
  search_id: string;
  ordinal: number;
  name: string;
  mime_type: string;
  bytes: number;
  text: string;
  created_at: number;
}

/** 0017: a red-teaming job (server/red-teaming); `job_id` is its row in `jobs` (progress, restart survival). */
export interface RedTeamJobsTable {
  id: string;
  organization_id: string;
  name: string;
  target_kind: string;
  language_model_id: number | null;
  app_id: string | null;
  target_name: string;
  run_as_user_id: string;
  categories_json: string;
  strategies_json: string;
  attempts_per_category: number;
  concurrency: number;
  system_prompt: string | null;
  judge_language_model_id: number | null;
  status: string;
  message: string | null;
  job_id: string | null;
  rerun_of: string | null;
  /** The canary, target phrase and seeded fake values the graders look for. */
  secrets_json: string;
  created_by: string;
  created_at: number;
  finished_at: number | null;
}

export interface RedTeamAttemptsTable {
  id: string;
  job_id: string;
  organization_id: string;
  ordinal: number;
  category: string;
  strategy: string;
  attack_id: string;
  turns_json: string;
  document: string | null;
  /** 0022: where an indirect injection sits: null a document sent with the prompt, 'chunk' a chunk of the job's own data source. */
  carrier?: string | null;
  outcome: string;
  evidence: string | null;
  rule: string | null;
  flagged: Generated<number>;
  answer: string | null;
  judge_json: string | null;
  prompt_id: string | null;
  previous_outcome: string | null;
  finished_at: number | null;
}

/** 0017: an organization's attack examples the prompt guard also matches against. */
export interface GuardExamplesTable {
  id: string;
  organization_id: string;
  text: string;
  source_attempt_id: string | null;
  created_by: string;
  created_at: number;
}

export interface Database {
  customers: CustomersTable;
  organizations: OrganizationsTable;
  users: UsersTable;
  sessions: SessionsTable;
  password_tokens: PasswordTokensTable;
  app_settings: AppSettingsTable;
  rate_limits: RateLimitsTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  access_tokens: AccessTokensTable;
  help_pages: HelpPagesTable;
  audit_log: AuditLogTable;
  jobs: JobsTable;
  identity_providers: IdentityProvidersTable;
  oidc_pending_logins: OidcPendingLoginsTable;
  language_models: LanguageModelsTable;
  language_model_groups: LanguageModelGroupsTable;
  data_sources: DataSourcesTable;
  data_source_groups: DataSourceGroupsTable;
  documents: DocumentsTable;
  document_batch_files: DocumentBatchFilesTable;
  chunks: ChunksTable;
  chunk_terms: ChunkTermsTable;
  chunk_vectors: ChunkVectorsTable;
  vector_store_entries: VectorStoreEntriesTable;
  policies: PoliciesTable;
  policy_targets: PolicyTargetsTable;
  verifiers: VerifiersTable;
  apps: AppsTable;
  app_data_sources: AppDataSourcesTable;
  app_language_models: AppLanguageModelsTable;
  app_policies: AppPoliciesTable;
  app_users: AppUsersTable;
  app_groups: AppGroupsTable;
  app_tokens: AppTokensTable;
  conversations: ConversationsTable;
  prompts: PromptsTable;
  prompt_stages: PromptStagesTable;
  prompt_attributes: PromptAttributesTable;
  prompt_policies: PromptPoliciesTable;
  chat_messages: ChatMessagesTable;
  chat_documents: ChatDocumentsTable;
  metrics_rollups: MetricsRollupsTable;
  metrics_facts: MetricsFactsTable;
  metrics_fact_items: MetricsFactItemsTable;
  metrics_rollup_versions: MetricsRollupVersionsTable;
  server_instances: ServerInstancesTable;
  config_versions: ConfigVersionsTable;
  risk_settings: RiskSettingsTable;
  protected_works: ProtectedWorksTable;
  copyright_settings: CopyrightSettingsTable;
  copyright_matches: CopyrightMatchesTable;
  copyright_checks: CopyrightChecksTable;
  research_searches: ResearchSearchesTable;
  research_sections: ResearchSectionsTable;
  research_followups: ResearchFollowupsTable;
  research_guidelines: ResearchGuidelinesTable;
  research_guideline_defaults: ResearchGuidelineDefaultsTable;
  research_uploads: ResearchUploadsTable;
  red_team_jobs: RedTeamJobsTable;
  red_team_attempts: RedTeamAttemptsTable;
  guard_examples: GuardExamplesTable;
}
