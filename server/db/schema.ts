// Row types of every table, as Kysely sees them. Timestamps are epoch milliseconds; flags are 0/1 integers
// so that SQLite and PostgreSQL read and write the same values.
import type { Generated } from 'kysely';

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
}
