// Row types of the copyright tables (migration 0016), part of `Database` in db/schema.ts.

export interface ProtectedWorksTable {
  id: string;
  organization_id: string;
  name: string;
  /** nameKey(name): unique per organization, Unicode case-insensitively. */
  name_key: string;
  description: string | null;
  mime_type: string | null;
  /** Bytes uploaded (the text's UTF-8 length when given as text). */
  size: number;
  /** The extracted text the fingerprints are taken from. */
  content_text: string;
  char_count: number;
  /** §4 copyright job status (CopyrightJobStatus). */
  status: number;
  error: string | null;
  fingerprints: number;
  job_id: string | null;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

export interface CopyrightSettingsTable {
  organization_id: string;
  /** VERIFICATION_ACTIONS. */
  action: string;
  licence_check: number;
  min_match_tokens: number;
  /** Moved by every change of the organization's indexed works: a server whose index is older rebuilds it. */
  works_revision: number;
  /** The external copyright service (0021); null: none. */
  service_url: string | null;
  /** Its API key, encrypted with the secrets key (never returned). */
  service_key_enc: string | null;
  updated_by: string | null;
  updated_at: number | null;
}

export interface CopyrightMatchesTable {
  id: string;
  organization_id: string;
  prompt_id: string;
  /** work, licence or licence_tag. */
  kind: string;
  work_id: string | null;
  licence_id: string | null;
  source_name: string;
  /** §4 copyright match status (CopyrightMatchStatus). */
  status: number;
  answer_start: number;
  answer_end: number;
  source_start: number | null;
  source_end: number | null;
  coverage: number;
  copied_words: number;
  withheld: number;
  created_at: number;
}

/** A long answer's check, run by the `copyright-check` job (0021). */
export interface CopyrightChecksTable {
  id: string;
  organization_id: string;
  prompt_id: string;
  /** §4 copyright match status (CopyrightMatchStatus): CREATED, PROCESSING, COMPLETED, ERROR. */
  status: number;
  /** The answer to check; cleared when the check has finished. */
  answer_text: string | null;
  /** The prompt's outcome (PromptOutcome without its status) the job finishes the record with; cleared then. */
  outcome_json: string | null;
  answer_chars: number;
  job_id: string | null;
  error: string | null;
  created_at: number;
  updated_at: number;
}
