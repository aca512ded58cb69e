// Enumerations of the specification (§3.2, §4), with their numeric codes where the spec gives them.

export const Role = { PRODUCT_ADMIN: 1, CUSTOMER_ADMIN: 2, ORG_ADMIN: 3, USER: 4 } as const;
export type Role = (typeof Role)[keyof typeof Role];
export const ROLE_NAMES: Record<Role, keyof typeof Role> = {
  1: 'PRODUCT_ADMIN',
  2: 'CUSTOMER_ADMIN',
  3: 'ORG_ADMIN',
  4: 'USER',
};
export const ROLE_LABELS: Record<Role, string> = {
  1: 'Product admin',
  2: 'Customer admin',
  3: 'Organization admin',
  4: 'User',
};
export const ALL_ROLES: readonly Role[] = [Role.PRODUCT_ADMIN, Role.CUSTOMER_ADMIN, Role.ORG_ADMIN, Role.USER];

export const CustomerType = { DEMO: 1, REAL: 2 } as const;
export type CustomerType = (typeof CustomerType)[keyof typeof CustomerType];

export const IdentityType = { LOCAL: 1, FEDERATED: 2 } as const;
export type IdentityType = (typeof IdentityType)[keyof typeof IdentityType];

export const ConfigType = { IDP: 1, APP: 2, LLM: 3 } as const;
export const ServiceProvider = { IAAS: 1, SAAS: 2 } as const;
export const AppSuite = { SameAsCompany: 1, GoogleWorkspace: 2 } as const;
export const VectorDatabase = { QDRANT: 1, PINECONE: 2, CHROMADB: 3, MILVUS: 4, FAISS: 5 } as const;
export const EmbeddingModel = {
  TEXT_EMBEDDING: 1,
  GTE_LARGE: 2,
  GTA_BASE: 3,
  COHERE_EMBED: 4,
  BGE_BASE: 5,
  E5_LARGE: 6,
} as const;
export const ChunkSize = { HALF_KILOBYTE: 1, KILOBYTE: 2, TWO_KILOBYTES: 3, FOUR_KILOBYTES: 4 } as const;
export const Similarity = { COSINE: 1, EUCLIDEAN: 2 } as const;
export const POLICY_TYPES = ['Group Policy', 'Language Model Policy', 'Global Policy'] as const;
export type PolicyType = (typeof POLICY_TYPES)[number];

/** Corporate data source app ids (§3.2). */
export const DataSourceApp = {
  NONE: 0,
  COLLABORATION_SUITE: 2,
  CHAT_WORKSPACE: 6,
  OBJECT_STORAGE: 7,
  CLOUD_DRIVE: 9,
  CRM: 26,
  FILE_SHARING: 35,
  DATA_WAREHOUSE: 37,
  LAKEHOUSE: 38,
  PERSONAL_DRIVE: 39,
} as const;

export const ContentType = { FOLDER: 1, FILE: 2 } as const;
export const CopilotPromptType = { FREEFORM: 1, PREDEFINED: 2 } as const;
export const CopilotSetupStep = {
  DATA_SOURCES: 1,
  DATA_ACCESS: 2,
  RAG_CONFIGS: 3,
  LANGUAGE_MODELS: 4,
  POLICY_RULES: 5,
  USERS_AND_GROUPS: 6,
  PROMPT_TYPE: 7,
} as const;
export const CHAT_MESSAGE_TYPES = ['PROMPT_LLM', 'SEARCH_RAG', 'PROMPT_COPILOT', 'SUMMARIZE_DOCUMENT'] as const;
export const ENTITY_TYPES = ['USER', 'GROUP'] as const;
export const DEPLOYMENT_TYPES = ['cloud', 'on-prem'] as const;
export type DeploymentType = (typeof DEPLOYMENT_TYPES)[number];
export const APP_FEATURES = [
  'CopyrightCheck',
  'VoraDashboard',
  'VoraPDashboard',
  'EnableSearchSummary',
  'Verification',
] as const;
export type AppFeature = (typeof APP_FEATURES)[number];
export const ENHANCER_CAPABILITIES = ['custom_apps', 'sensitivity_labels'] as const;
export const VERIFICATION_METRIC_TYPES = [
  'hallucination',
  'toxicity',
  'bias',
  'factuality',
  'relevancy',
  'accuracy',
  'response_accuracy',
] as const;
export const METRIC_INTENSITIES = ['High', 'Medium', 'Low'] as const;
export const API_VERSIONS = ['v1', 'v2'] as const;
export const SYNC_INTERVAL_UNITS = ['s', 'm', 'h', 'd'] as const;

// §4 states
export const PROMPT_STATUSES = ['success', 'failed', 'in_progress'] as const;
export const PromptCycleStatus = { WAITING: 0, SUCCESS: 1, FAILED: 2, SKIPPED: 3 } as const;
export const ConfigStatus = { UNKNOWN: 1, TESTING: 2, ERROR: 3, SUCCESS: 4 } as const;
export const LastSyncStatus = { UNKNOWN: 1, IN_PROGRESS: 2, COMPLETED: 3, ERROR: 4 } as const;
export type LastSyncStatus = (typeof LastSyncStatus)[keyof typeof LastSyncStatus];
export const MetricStatus = { success: 1, warning: 2, error: 3 } as const;
export const SECTION_STATUSES = ['failed', 'in_progress', 'success', 'skipped'] as const;
export const LIFECYCLE_SERVICE_STATUS_LABELS = {
  unknown: 'Cannot Determine',
  success: 'Success',
  failed: 'Failed',
  skipped: 'Skipped by applied policy rules',
  in_progress: 'In Progress',
  enabled: 'Enabled',
  disabled: 'Disabled',
} as const;
export const LIFECYCLE_SERVICES = [
  'prompt_guard',
  'corporate_data_repository',
  'policy_engine',
  'llm',
  'verification_service',
  'copyright_checker',
  'control_server',
  'web_search',
] as const;
export const CopyrightMatchStatus = { CREATED: 1, PROCESSING: 2, COMPLETED: 3, ERROR: 4 } as const;
export const CopyrightJobStatus = {
  None: 0,
  Waiting: 1,
  Inprogress: 2,
  Complete: 3,
  Error: 4,
  Deleted: 5,
  Queued: 6,
} as const;
export const UploadJobStatus = { OPEN: 1, IN_PROGRESS: 2, COMPLETED: 3, ERROR: 4 } as const;
export const VerificationStatus = {
  None: 0,
  NotVerifiable: 1,
  FailedToVerify: 2,
  PartiallyVerified: 3,
  FullyVerified: 4,
} as const;
export const VERIFICATION_STATUS_LABELS: Record<number, string> = {
  0: 'UNKNOWN',
  1: 'Not Verifiable',
  2: 'Failed To Verify',
  3: 'Partially Verified',
  4: 'Fully Verified',
};
export const VERIFICATION_RESPONSE_TYPES = ['invalid', 'unknown', 'valid'] as const;
export const VERIFICATION_ACTIONS = ['show_response', 'warn_user', 'block_response'] as const;
export const LOAD_STATES = ['INITIAL', 'LOADING', 'OK', 'ERROR'] as const;
export type LoadState = (typeof LOAD_STATES)[number];
/**
 * What an access token may call: `gateway` the OpenAI-compatible endpoint (/api/v1/openai), `admin` the rest of the
 * API as its owner. New tokens get the gateway only unless admin is chosen. No token, whatever its scopes, creates
 * tokens or manages users, groups, identity providers, customers or organizations.
 */
export const TOKEN_SCOPES = ['gateway', 'admin'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
export const TOKEN_SCOPE_LABELS: Record<TokenScope, string> = { gateway: 'Gateway', admin: 'Admin API' };
