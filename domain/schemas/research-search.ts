import { z } from 'zod';
import { INVALID_WEBSITE_MESSAGE, SITE_OR_NAME_AND_LOCATION_MESSAGE, validateCompanySearch } from '../company-search';
import { ScanFindingSchema } from './research';

// Company research searches (Vora, Vora P): the nine sections of §3.4 with their §4 statuses, what each holds,
// the payloads of both dashboards, discovery and follow-up chat.

export const SECTION_KEYS = ['riskProfile', 'riskScore', 'documents', 'control', 'guidelines', 'cysmo', 'claims', 'insights', 'vorafiedClaims'] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];
export const SECTION_STATUSES = ['failed', 'in_progress', 'success', 'skipped'] as const;
export type SectionStatus = (typeof SECTION_STATUSES)[number];
export const SEARCH_STATUSES = ['in_progress', 'success', 'failed'] as const;
export const PROFILE_ATTRIBUTES = ['Location', 'NAICS', 'Website', 'Employees', 'Revenue'] as const;
export const CONFIDENCES = ['high', 'medium', 'low'] as const;

export const SECTION_TITLES: Record<SectionKey, string> = {
  riskProfile: 'Risk Profile',
  riskScore: 'Risk Score',
  documents: 'Documents',
  control: 'Controls',
  guidelines: 'Guidelines',
  cysmo: 'Cysmo Scan',
  claims: 'Claims',
  insights: 'Insights',
  vorafiedClaims: 'Vorafied Claims',
};

export const ResearchDocumentSchema = z.object({
  Kind: z.enum(['page', 'upload']),
  Source: z.string(),
  Title: z.string(),
  Text: z.string(),
  Bytes: z.number().int(),
  /** The prompt guard found an injection in this text: the flagged passages were removed before any use. */
  InjectionRemoved: z.number().int(),
});
export type ResearchDocument = z.infer<typeof ResearchDocumentSchema>;

export const DocumentsEvidenceSchema = z.object({
  Documents: z.array(ResearchDocumentSchema),
  /** Pages not read, with why (robots.txt, 404, refused, too large). */
  Skipped: z.array(z.object({ Source: z.string(), Reason: z.string() })),
});
export type DocumentsEvidence = z.infer<typeof DocumentsEvidenceSchema>;

export const ProfileAttributeSchema = z.object({
  Attribute: z.enum(PROFILE_ATTRIBUTES),
  Value: z.string().nullable(),
  Source: z.string().nullable(),
  Confidence: z.enum(CONFIDENCES).nullable(),
  Detail: z.string().nullable(),
});
export type ProfileAttribute = z.infer<typeof ProfileAttributeSchema>;
export const RiskProfileEvidenceSchema = z.object({ Attributes: z.array(ProfileAttributeSchema) });
export type RiskProfileEvidence = z.infer<typeof RiskProfileEvidenceSchema>;

export const ClaimSchema = z.object({
  Topic: z.string(),
  Label: z.string(),
  Quote: z.string(),
  Source: z.string(),
  /** Set when the organization's model found the claim (its quote checked word for word in the source); absent: the patterns. */
  ExtractedBy: z.literal('model').optional(),
});
export type Claim = z.infer<typeof ClaimSchema>;
/** The model's extraction of claims and profile fields for a search: one governed call, what was taken and what was refused. */
export const ModelExtractionSchema = z.object({
  Model: z.string().nullable(),
  PromptId: z.string().nullable(),
  Accepted: z.number().int(),
  Rejected: z.number().int(),
  /** Why nothing or not everything was taken (no model, blocked, not JSON, quotes not found in the sources). */
  Note: z.string().nullable(),
});
export type ModelExtraction = z.infer<typeof ModelExtractionSchema>;
export const ClaimsEvidenceSchema = z.object({ Claims: z.array(ClaimSchema), ModelExtraction: ModelExtractionSchema.optional() });
export type ClaimsEvidence = z.infer<typeof ClaimsEvidenceSchema>;

export const CLAIM_VERDICTS = ['verified', 'contradicted', 'not_verifiable'] as const;
export type ClaimVerdict = (typeof CLAIM_VERDICTS)[number];
export const VorafiedClaimSchema = ClaimSchema.extend({ Verdict: z.enum(CLAIM_VERDICTS), Evidence: z.array(z.string()) });
export type VorafiedClaim = z.infer<typeof VorafiedClaimSchema>;
export const VorafiedClaimsEvidenceSchema = z.object({ Claims: z.array(VorafiedClaimSchema) });

export const CONTROL_STATUSES = ['met', 'partial', 'not_met', 'claimed', 'unknown'] as const;
export type ControlStatus = (typeof CONTROL_STATUSES)[number];
export const ControlSchema = z.object({
  Category: z.string(),
  Title: z.string(),
  Status: z.enum(CONTROL_STATUSES),
  Evidence: z.array(z.string()),
  Missing: z.array(z.string()),
});
export type Control = z.infer<typeof ControlSchema>;
export const ControlEvidenceSchema = z.object({ Controls: z.array(ControlSchema) });

export const GUIDELINE_RESULTS = ['pass', 'fail', 'unknown'] as const;
export const GuidelineResultSchema = z.object({ GuidelineId: z.string(), Name: z.string(), Result: z.enum(GUIDELINE_RESULTS), Reason: z.string() });
export type GuidelineResult = z.infer<typeof GuidelineResultSchema>;
export const GuidelinesEvidenceSchema = z.object({ Results: z.array(GuidelineResultSchema) });

export const ScoreFactorSchema = z.object({ Factor: z.string(), Points: z.number(), Detail: z.string() });
export const RiskScoreEvidenceSchema = z.object({ Score: z.number().int().min(0).max(100), Level: z.enum(['High', 'Medium', 'Low']), Factors: z.array(ScoreFactorSchema), Formula: z.string() });
export type RiskScoreEvidence = z.infer<typeof RiskScoreEvidenceSchema>;

export const CysmoEvidenceSchema = z.object({ Domain: z.string(), Host: z.string(), StartedAt: z.string(), FinishedAt: z.string(), Findings: z.array(ScanFindingSchema) });
export type CysmoEvidence = z.infer<typeof CysmoEvidenceSchema>;

export const InsightsEvidenceSchema = z.object({ Text: z.string(), PromptId: z.string(), Model: z.string(), SectionsUsed: z.array(z.enum(SECTION_KEYS)), Blocked: z.string().nullable() });
export type InsightsEvidence = z.infer<typeof InsightsEvidenceSchema>;

export const SectionSchema = z.object({
  Key: z.enum(SECTION_KEYS),
  Status: z.enum(SECTION_STATUSES),
  StartedAt: z.string().nullable(),
  FinishedAt: z.string().nullable(),
  Reason: z.string().nullable(),
  /** The section's evidence: the schema of its key above (…EvidenceSchema); null until it ran. */
  Evidence: z.unknown(),
});
export type Section = z.infer<typeof SectionSchema>;

export const SearchModelSchema = z.object({ Provider: z.string(), Model: z.string(), Name: z.string() });
export type SearchModel = z.infer<typeof SearchModelSchema>;

export const FollowupSchema = z.object({ id: z.string(), Question: z.string(), Answer: z.string().nullable(), Error: z.string().nullable(), PromptId: z.string().nullable(), CreatedAt: z.string() });
export type Followup = z.infer<typeof FollowupSchema>;

const searchCommon = {
  id: z.string(),
  Status: z.enum(SEARCH_STATUSES),
  Progress: z.number().int(),
  JobId: z.string().nullable(),
  RiskScore: z.number().int().nullable(),
  CreatedAt: z.string(),
};
const searchDetail = { Sections: z.array(SectionSchema), Models: z.array(SearchModelSchema), Followups: z.array(FollowupSchema), CanChat: z.boolean() };

/** Vora result (§3.4): AccountName, SiteLink, Location, CompletionTime; owner shown. */
export const VoraSearchSchema = z.object({
  ...searchCommon,
  AccountName: z.string(),
  SiteLink: z.string(),
  Location: z.string(),
  CompletionTime: z.string().nullable(),
  Owner: z.object({ id: z.string(), Name: z.string() }),
});
export type VoraSearch = z.infer<typeof VoraSearchSchema>;
export const VoraSearchDetailSchema = VoraSearchSchema.extend(searchDetail);
export type VoraSearchDetail = z.infer<typeof VoraSearchDetailSchema>;

/** Vora P result (§3.4): CompanyName, Website, Location, SentDate; no owner. */
export const VoraPSearchSchema = z.object({ ...searchCommon, CompanyName: z.string(), Website: z.string(), Location: z.string(), SentDate: z.string() });
export type VoraPSearch = z.infer<typeof VoraPSearchSchema>;
export const VoraPSearchDetailSchema = VoraPSearchSchema.extend(searchDetail);
export type VoraPSearchDetail = z.infer<typeof VoraPSearchDetailSchema>;

const text = (max: number) => z.string().max(max, `Must be at most ${max} characters`).optional().default('');

// Documents the analyst uploads with a search (insurance application, SOC 2 / ISO report, security policy): read with
// the data-source extraction (in its worker pool, with its limits), every passage through the prompt guard, then used
// as evidence by the sections with the document's name as the source.
export const MAX_RESEARCH_UPLOADS = 5;
/** Each file, decoded; the whole JSON body is bounded too (about 15 MB), so several large files are refused with 413. */
export const MAX_RESEARCH_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Text kept per uploaded document (characters): a long report is read from its start. */
export const MAX_RESEARCH_UPLOAD_TEXT = 100_000;
export const RESEARCH_UPLOAD_TYPES = ['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'text/plain', 'text/markdown', 'text/html'] as const;
export const RESEARCH_UPLOAD_TYPES_MESSAGE = 'Only PDF, Word (DOCX), text, Markdown and HTML documents can be read.';
const UPLOAD_BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export const ResearchUploadInputSchema = z.object({
  Name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(255, 'Name must be at most 255 characters'),
  MimeType: z.string().max(100, 'MIME type must be at most 100 characters').optional().default('').transform((value) => value.toLowerCase().split(';')[0]!.trim()),
  ContentBase64: z
    .string({ error: 'File content is required' })
    .max(Math.ceil((MAX_RESEARCH_UPLOAD_BYTES * 4) / 3) + 4, `The file is larger than ${MAX_RESEARCH_UPLOAD_BYTES / 1024 / 1024} MB`)
    .transform((value) => value.replace(/\s+/g, ''))
    .refine((value) => value.length > 0, 'File content is required')
    .refine((value) => value.length % 4 === 0 && UPLOAD_BASE64.test(value), 'File content must be base64'),
});
export type ResearchUploadInput = z.input<typeof ResearchUploadInputSchema>;
const uploads = z.array(ResearchUploadInputSchema).max(MAX_RESEARCH_UPLOADS, `At most ${MAX_RESEARCH_UPLOADS} documents`).optional().default([]);

function checkedSearch<T extends z.ZodRawShape>(shape: T, pick: (value: Record<string, string>) => { siteLink: string; accountName: string; location: string }, fields: { site: string; name: string }) {
  return z.object(shape).superRefine((value, context) => {
    const { errors } = validateCompanySearch(pick(value as Record<string, string>));
    if (errors.siteLink) context.addIssue({ code: 'custom', path: [fields.site], message: INVALID_WEBSITE_MESSAGE });
    if (errors.accountName) context.addIssue({ code: 'custom', path: [fields.name], message: SITE_OR_NAME_AND_LOCATION_MESSAGE });
  });
}

/** Vora search payload (§3.4): AccountName, SiteLink, Location, validated by §5; optional uploaded Documents. */
export const VoraSearchInputSchema = checkedSearch(
  { AccountName: text(200), SiteLink: text(2000), Location: text(200), Documents: uploads },
  (value) => ({ siteLink: value.SiteLink ?? '', accountName: value.AccountName ?? '', location: value.Location ?? '' }),
  { site: 'SiteLink', name: 'AccountName' },
);
export type VoraSearchInput = z.input<typeof VoraSearchInputSchema>;

/** Vora P search payload (§3.4): CompanyName, Website, Location, validated by §5; optional uploaded Documents. */
export const VoraPSearchInputSchema = checkedSearch(
  { CompanyName: text(200), Website: text(2000), Location: text(200), Documents: uploads },
  (value) => ({ siteLink: value.Website ?? '', accountName: value.CompanyName ?? '', location: value.Location ?? '' }),
  { site: 'Website', name: 'CompanyName' },
);
export type VoraPSearchInput = z.input<typeof VoraPSearchInputSchema>;

export const DiscoverCompanyInputSchema = z.object({
  AccountName: z.string().trim().min(1, 'Name is required').max(200),
  Location: z.string().trim().min(1, 'Location is required').max(200),
});
export const DiscoveredCompanySchema = z.object({ AccountName: z.string(), SiteLink: z.string(), Location: z.string(), Why: z.string() });
export type DiscoveredCompany = z.infer<typeof DiscoveredCompanySchema>;
export const DiscoveryResultSchema = z.object({ Companies: z.array(DiscoveredCompanySchema), Message: z.string().nullable(), PromptId: z.string().nullable(), Model: SearchModelSchema.nullable() });
export type DiscoveryResult = z.infer<typeof DiscoveryResultSchema>;

export const FollowupInputSchema = z.object({ Question: z.string().trim().min(1, 'Question is required').max(4000, 'Question must be at most 4000 characters') });
export type FollowupStreamEvent = { type: 'delta'; text: string } | { type: 'done'; followup: Followup } | { type: 'error'; message: string };

export const VORA_EMPTY_MESSAGE = 'No companies found for the given search doing LLM discovery';
export const VORA_P_EMPTY_MESSAGE = 'No companies found for the given search';

// Guidelines: the organization's underwriting rules, evaluated against each search.
export const GUIDELINE_RULE_KINDS = ['finding_not_fail', 'finding_pass', 'control_met', 'naics_exclude', 'revenue_max', 'employees_min'] as const;
export const GuidelineRuleSchema = z.discriminatedUnion('Kind', [
  z.object({ Kind: z.literal('finding_not_fail'), Check: z.string().regex(/^[a-z]+\.[a-z0-9_]+$/, 'Check must be a scan check id like email.dmarc') }),
  z.object({ Kind: z.literal('finding_pass'), Check: z.string().regex(/^[a-z]+\.[a-z0-9_]+$/, 'Check must be a scan check id like email.dmarc') }),
  z.object({ Kind: z.literal('control_met'), Category: z.string().min(1).max(60) }),
  z.object({ Kind: z.literal('naics_exclude'), Prefixes: z.array(z.string().regex(/^\d{2,6}$/, 'Each prefix is 2 to 6 digits')).min(1) }),
  z.object({ Kind: z.literal('revenue_max'), Value: z.number().positive() }),
  z.object({ Kind: z.literal('employees_min'), Value: z.number().int().positive() }),
]);
export type GuidelineRule = z.infer<typeof GuidelineRuleSchema>;
export const GuidelineSchema = z.object({ id: z.string(), Name: z.string(), Rule: GuidelineRuleSchema, Enabled: z.boolean(), UpdatedAt: z.string() });
export type Guideline = z.infer<typeof GuidelineSchema>;
export const GuidelineInputSchema = z.object({
  Name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
  Rule: GuidelineRuleSchema,
  Enabled: z.boolean().default(true),
});
export type GuidelineInput = z.input<typeof GuidelineInputSchema>;
