import { z } from 'zod';
import { CopyrightJobStatus, CopyrightMatchStatus, VERIFICATION_ACTIONS } from '../enums';
import { IdSchema } from './common';
import { IsoDateSchema, requiredText } from './fields';
import { MAX_UPLOAD_BYTES } from './data-sources';
import { isAcceptableBaseUrl } from './language-models';

// Copyright checking of answers: the organization's protected works (documents an ORG_ADMIN registers), the
// licence texts of the SPDX list, and what happens to an answer that reproduces them.

export type CopyrightJobStatusValue = (typeof CopyrightJobStatus)[keyof typeof CopyrightJobStatus];
export type CopyrightMatchStatusValue = (typeof CopyrightMatchStatus)[keyof typeof CopyrightMatchStatus];

export const COPYRIGHT_JOB_STATUS_LABELS: Record<number, string> = {
  [CopyrightJobStatus.None]: 'None',
  [CopyrightJobStatus.Waiting]: 'Waiting',
  [CopyrightJobStatus.Inprogress]: 'Inprogress',
  [CopyrightJobStatus.Complete]: 'Complete',
  [CopyrightJobStatus.Error]: 'Error',
  [CopyrightJobStatus.Deleted]: 'Deleted',
  [CopyrightJobStatus.Queued]: 'Queued',
};

export const COPYRIGHT_MATCH_STATUS_LABELS: Record<number, string> = {
  [CopyrightMatchStatus.CREATED]: 'CREATED',
  [CopyrightMatchStatus.PROCESSING]: 'PROCESSING',
  [CopyrightMatchStatus.COMPLETED]: 'COMPLETED',
  [CopyrightMatchStatus.ERROR]: 'ERROR',
};

/** Same actions as the verifiers (§4 verification action): show, warn with the match, or withhold the answer. */
export const CopyrightActionSchema = z.enum(VERIFICATION_ACTIONS, { error: 'Action must be show_response, warn_user or block_response' });
export type CopyrightAction = z.infer<typeof CopyrightActionSchema>;

export const COPYRIGHT_ACTION_LABELS: Record<CopyrightAction, string> = {
  show_response: 'Show the answer (the match is recorded)',
  warn_user: 'Show the answer with a warning naming the match',
  block_response: 'Withhold the answer',
};

/** Works larger than this (characters of text) are fingerprinted by a background job; smaller ones at once. */
export const COPYRIGHT_INLINE_INDEX_CHARS = 200_000;
/**
 * Answers longer than this (characters) are checked by a background job after they are delivered (§4 match status
 * CREATED → PROCESSING → COMPLETED or ERROR), unless the action withholds: a withholding check always runs before
 * delivery. Shorter answers are checked inline (≈ 0.4 ms for 4 KB), within the goal.
 */
export const COPYRIGHT_INLINE_CHECK_CHARS = 16_000;
/** Text given directly (not as a file) is at most this long. */
export const MAX_PROTECTED_WORK_TEXT_CHARS = 2_000_000;

export const CopyrightSettingsSchema = z.object({
  id: z.string(),
  Action: CopyrightActionSchema,
  /** Check answers against the SPDX licence texts and `SPDX-License-Identifier` tags. */
  LicenceCheck: z.boolean(),
  /** Copied tokens a passage needs to be a match (20 ≈ one sentence). */
  MinMatchTokens: z.number().int(),
  /** The external copyright service's URL (null: none). */
  ServiceUrl: z.string().nullable(),
  /** An API key is stored for it (the key itself is never returned). */
  ServiceApiKeySet: z.boolean(),
  UpdatedAt: IsoDateSchema.nullable(),
});
export type CopyrightSettings = z.infer<typeof CopyrightSettingsSchema>;

export const CopyrightSettingsInputSchema = z.object({
  Action: CopyrightActionSchema,
  LicenceCheck: z.boolean({ error: 'Licence check must be true or false' }),
  MinMatchTokens: z.number({ error: 'Minimum match must be a number of words' }).int('Minimum match must be a whole number of words').min(12, 'Minimum match must be at least 12 words').max(500, 'Minimum match must be at most 500 words'),
  /** An external copyright service called for every answer (see COPYRIGHT_SERVICE_WIRE); empty: none. */
  ServiceUrl: z
    .string({ error: 'Service URL must be text' })
    .trim()
    .max(500, 'Service URL must be at most 500 characters')
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isAcceptableBaseUrl(value), 'Service URL must be an http(s) URL without user name, password or query, such as https://copyright.example.com/v1/check'),
  /** Write-only, stored encrypted; empty or missing keeps the stored key (as long as the URL stays the same). */
  ServiceApiKey: z
    .string({ error: 'API key must be text' })
    .trim()
    .max(4000, 'API key must be at most 4000 characters')
    .nullish()
    .transform((value) => (value ? value : null)),
  /** Forgets the stored key. */
  ClearServiceApiKey: z.boolean({ error: 'Clear API key must be true or false' }).default(false),
});
export type CopyrightSettingsInput = z.input<typeof CopyrightSettingsInputSchema>;

export const DEFAULT_COPYRIGHT_SETTINGS = { Action: 'warn_user', LicenceCheck: true, MinMatchTokens: 20, ServiceUrl: null, ServiceApiKeySet: false } as const;

export const ProtectedWorkSchema = z.object({
  id: IdSchema,
  Name: z.string(),
  Description: z.string().nullable(),
  MimeType: z.string().nullable(),
  Size: z.number().int(),
  Characters: z.number().int(),
  /** §4 copyright job status of its indexing. */
  Status: z.number().int(),
  Error: z.string().nullable(),
  Fingerprints: z.number().int(),
  /** Answers that reproduced it. */
  MatchCount: z.number().int(),
  CreatedAt: IsoDateSchema,
  UpdatedAt: IsoDateSchema,
});
export type ProtectedWork = z.infer<typeof ProtectedWorkSchema>;

export const ProtectedWorkCreatedSchema = ProtectedWorkSchema.extend({ JobId: z.string().nullable() });

/** A work is a file (base64, same types and limits as data-source uploads) or plain text. */
export const ProtectedWorkInputSchema = z
  .object({
    Name: requiredText('Name', 200),
    Description: z.string().trim().max(1000, 'Description must be at most 1000 characters').nullable().optional(),
    MimeType: z.string().max(100).optional(),
    ContentBase64: z.string().max(Math.ceil((MAX_UPLOAD_BYTES * 4) / 3) + 4, 'The file is larger than 10 MB').optional(),
    Text: z.string().max(MAX_PROTECTED_WORK_TEXT_CHARS, `Text must be at most ${MAX_PROTECTED_WORK_TEXT_CHARS} characters`).optional(),
  })
  .superRefine((input, context) => {
    const hasFile = typeof input.ContentBase64 === 'string' && input.ContentBase64.length > 0;
    const hasText = typeof input.Text === 'string' && input.Text.trim().length > 0;
    if (hasFile === hasText) context.addIssue({ code: 'custom', path: ['Text'], message: 'Give either a file or the text of the work' });
  });
export type ProtectedWorkInput = z.input<typeof ProtectedWorkInputSchema>;

/** work and licence: the local fingerprint index; licence_tag: an SPDX tag; external: the organization's copyright service. */
export const CopyrightMatchKindSchema = z.enum(['work', 'licence', 'licence_tag', 'external']);

/** One passage of an answer reproducing a protected work or a licence. */
export const CopyrightMatchSchema = z.object({
  Kind: CopyrightMatchKindSchema,
  /** The protected work (Kind work). */
  WorkId: z.string().nullable(),
  /** The work's name, or the licence's name. */
  SourceName: z.string(),
  /** SPDX id (Kind licence or licence_tag). */
  LicenceId: z.string().nullable(),
  /** Character span of the answer: [AnswerStart, AnswerEnd). */
  AnswerStart: z.number().int(),
  AnswerEnd: z.number().int(),
  /** Character span of the source: [SourceStart, SourceEnd) (null for a licence tag). */
  SourceStart: z.number().int().nullable(),
  SourceEnd: z.number().int().nullable(),
  /** Share of the answer's words the passage covers, 0..1. */
  Coverage: z.number(),
  CopiedWords: z.number().int(),
  /** The answer's text of the passage (at most 300 characters). */
  Excerpt: z.string(),
  Status: z.number().int(),
});
export type CopyrightMatch = z.infer<typeof CopyrightMatchSchema>;

/** The copyright_checker stage's detail in a lifecycle record. */
export const CopyrightOutcomeSchema = z.object({
  Matches: z.array(CopyrightMatchSchema),
  /** Share of the answer's words inside any match, 0..1. */
  Coverage: z.number(),
  Action: CopyrightActionSchema,
  WorksChecked: z.number().int(),
  LicencesChecked: z.boolean(),
  /** §4 copyright match status of the check: COMPLETED, ERROR (the external service failed), or CREATED / PROCESSING while a job checks a long answer. */
  Status: z.number().int().optional(),
  /** The answer was checked by a background job after it was delivered (too long to check inline). */
  Deferred: z.boolean().optional(),
  /** The external service was called. */
  ServiceChecked: z.boolean().optional(),
  /** Why the external service gave no matches (timeout, HTTP error…); never its key. */
  ServiceError: z.string().nullable().optional(),
});
export type CopyrightOutcome = z.infer<typeof CopyrightOutcomeSchema>;

/** Observability: copyright matches of a window (GET /api/v1/copyright/stats?From&To). */
export const CopyrightStatsSchema = z.object({
  From: IsoDateSchema,
  To: IsoDateSchema,
  /** Passages matched. */
  Matches: z.number().int(),
  /** Answers with at least one match. */
  Prompts: z.number().int(),
  /** Answers withheld for a match. */
  Withheld: z.number().int(),
  BySource: z.array(z.object({ Kind: CopyrightMatchKindSchema, WorkId: z.string().nullable(), LicenceId: z.string().nullable(), Name: z.string(), Matches: z.number().int() })),
});
export type CopyrightStats = z.infer<typeof CopyrightStatsSchema>;

/** The Test button of the external copyright service: what one call with a sample text answered. */
export const CopyrightServiceTestSchema = z.object({
  Ok: z.boolean(),
  Message: z.string(),
  Matches: z.number().int(),
  LatencyMs: z.number().int(),
});
export type CopyrightServiceTest = z.infer<typeof CopyrightServiceTestSchema>;
