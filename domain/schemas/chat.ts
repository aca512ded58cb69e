import { z } from 'zod';
import { CHAT_MESSAGE_TYPES } from '../enums';
import { IsoDateSchema } from './fields';
import { PromptRecordSchema } from './lifecycle';
import { VerificationOutcomeSchema } from './verifiers';

// Chat (/chat/{CID?}): a signed-in member's conversations; each message is one prompt through the pipeline, so its
// id is the prompt id of the lifecycle record (/admin/chat/{CID}/prompt/{PID}/details).
//
// Calls (all under /api/v1, cookie session, any role that belongs to an organization):
//   GET    /chat/conversations                         list (ra-data-simple-rest: sort, range, filter {q}) → Conversation[]
//   POST   /chat/conversations                         ConversationInput → Conversation (201)
//   GET    /chat/conversations/:cid                    → ConversationDetail (messages oldest first)
//   PUT    /chat/conversations/:cid                    ConversationInput (rename) → Conversation
//   DELETE /chat/conversations/:cid                    → { id }
//   POST   /chat/conversations/:cid/messages           SendMessage → text/event-stream of ChatStreamEvent (one JSON per `data:` line)
//   POST   /chat/conversations/:cid/documents          multipart file (SUMMARIZE_DOCUMENT) → ChatDocument (201)
//   GET    /chat/conversations/:cid/prompts/:pid/sources/:chunk → CitedSource (a chunk the answer cited, with its document)
//   GET    /chat/copilots                              → ChatCopilot[] (active copilots the caller may use)
//   GET    /chat/models                                → ChatModel[] (enabled models the caller may use, by Name)
//   GET    /prompts/:pid                               → PromptDetails (ORG_ADMIN: any prompt of the organization; USER: own)
// Another user's conversation or prompt answers 404.

export type ChatMessageKind = (typeof CHAT_MESSAGE_TYPES)[number];

export const CHAT_MESSAGE_TYPE_LABELS: Record<ChatMessageKind, string> = {
  PROMPT_LLM: 'Ask the model',
  SEARCH_RAG: 'Search company data',
  PROMPT_COPILOT: 'Ask a copilot',
  SUMMARIZE_DOCUMENT: 'Summarize a document',
};

/** The longest message a person or an app may send (chat and gateway alike). */
export const MAX_PROMPT_CHARS = 32_000;
/** The longest request in all: every message of one gateway call together (a client re-sends its history). */
export const MAX_PROMPT_TOTAL_CHARS = 128_000;
/**
 * JSON bodies carrying messages: a request over this size is refused (413) before it is parsed. Room for the total
 * in characters of up to three UTF-8 bytes each, plus the JSON around them.
 */
export const MAX_PROMPT_BODY_BYTES = 3 * MAX_PROMPT_TOTAL_CHARS + 64 * 1024;
export const MAX_CHAT_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const CONVERSATION_TITLE_MAX = 120;

export const ConversationSchema = z.object({
  id: z.string(),
  Title: z.string(),
  /** The model of the latest message (the picker's default when the conversation reopens). */
  LanguageModelId: z.number().int().nullable(),
  /** Set for a child chat opened from a cited source: the chunk it discusses. */
  ParentConversationId: z.string().nullable(),
  SourceChunkId: z.string().nullable(),
  MessageCount: z.number().int(),
  CreatedAt: IsoDateSchema,
  UpdatedAt: IsoDateSchema,
});
export type Conversation = z.infer<typeof ConversationSchema>;

export const ConversationInputSchema = z.object({
  Title: z.string({ error: 'Title must be text' }).trim().max(CONVERSATION_TITLE_MAX, `Title must be at most ${CONVERSATION_TITLE_MAX} characters`).optional(),
  /** A child chat about a cited chunk of a parent conversation's answer. */
  ParentConversationId: z.string().optional(),
  SourceChunkId: z.string().optional(),
});
export type ConversationInput = z.input<typeof ConversationInputSchema>;

export const POLICY_ACTIONS_SHOWN = ['blocked', 'redacted', 'anonymized', 'flagged'] as const;
export type PolicyActionShown = (typeof POLICY_ACTIONS_SHOWN)[number];

/** What a policy did to the prompt, as shown to the user under the message. */
export const AppliedPolicyActionSchema = z.object({
  Action: z.enum(POLICY_ACTIONS_SHOWN),
  PolicyId: z.string(),
  PolicyName: z.string(),
  /** Entity types or rule names involved (e.g. PERSON, EMAIL_ADDRESS, "Prompt injection"). */
  Subjects: z.array(z.string()),
});
export type AppliedPolicyAction = z.infer<typeof AppliedPolicyActionSchema>;

export const SourceCitationSchema = z.object({
  ChunkId: z.string(),
  DataSourceId: z.string(),
  DataSourceName: z.string(),
  DocumentName: z.string(),
  /** The first characters of the chunk, as the model saw them after the policies. */
  Snippet: z.string(),
  Score: z.number(),
});
export type SourceCitation = z.infer<typeof SourceCitationSchema>;

export const ChatMessageSchema = z.object({
  /** The prompt id of the lifecycle record. */
  id: z.string(),
  ConversationId: z.string(),
  MessageType: z.enum(CHAT_MESSAGE_TYPES),
  /** What the user typed (their own text, shown back to them as typed). */
  Prompt: z.string(),
  /** The answer as shown: real values restored; empty when blocked or failed; null while streaming. */
  Answer: z.string().nullable(),
  Status: z.enum(['success', 'failed', 'in_progress']),
  /** Set when a policy blocked the prompt or a verifier blocked the answer: the message shown to the user. */
  BlockedMessage: z.string().nullable(),
  /** The provider's or pipeline's error for a failed prompt. */
  Error: z.string().nullable(),
  PolicyActions: z.array(AppliedPolicyActionSchema),
  Malicious: z.boolean(),
  /** null when verification did not run (blocked, failed). */
  Verification: VerificationOutcomeSchema.nullable(),
  /** Shown above the answer when a verifier's action is warn_user and the answer failed. */
  VerificationWarning: z.string().nullable(),
  Sources: z.array(SourceCitationSchema),
  LanguageModelId: z.number().int().nullable(),
  ModelName: z.string().nullable(),
  AppId: z.string().nullable(),
  AppName: z.string().nullable(),
  DocumentId: z.string().nullable(),
  DocumentName: z.string().nullable(),
  CreatedAt: IsoDateSchema,
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ConversationDetailSchema = ConversationSchema.extend({ Messages: z.array(ChatMessageSchema) });
export type ConversationDetail = z.infer<typeof ConversationDetailSchema>;

export const SendMessageSchema = z
  .object({
    MessageType: z.enum(CHAT_MESSAGE_TYPES, { error: `Message type must be one of ${CHAT_MESSAGE_TYPES.join(', ')}` }),
    Content: z.string({ error: 'Message must be text' }).trim().min(1, 'Write a message').max(MAX_PROMPT_CHARS, `Message must be at most ${MAX_PROMPT_CHARS} characters`),
    /** Required except for PROMPT_COPILOT (the copilot's configured model answers). */
    LanguageModelId: z.number({ error: 'Choose a language model' }).int().positive().optional(),
    /** Required for PROMPT_COPILOT. */
    AppId: z.string().optional(),
    /** Required for SUMMARIZE_DOCUMENT: a document uploaded to this conversation. */
    DocumentId: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.MessageType === 'PROMPT_COPILOT' && !value.AppId) ctx.addIssue({ code: 'custom', path: ['AppId'], message: 'Choose a copilot' });
    if (value.MessageType !== 'PROMPT_COPILOT' && value.LanguageModelId === undefined) ctx.addIssue({ code: 'custom', path: ['LanguageModelId'], message: 'Choose a language model' });
    if (value.MessageType === 'SUMMARIZE_DOCUMENT' && !value.DocumentId) ctx.addIssue({ code: 'custom', path: ['DocumentId'], message: 'Upload a document to summarize' });
  });
export type SendMessage = z.input<typeof SendMessageSchema>;

/** The events of a message's stream, in order: prompt, delta*, then done or error. */
export const ChatStreamEventSchema = z.discriminatedUnion('type', [
  /** The prompt was accepted: its id (lifecycle record) and the message as it starts. */
  z.object({ type: z.literal('prompt'), message: ChatMessageSchema }),
  /** Answer text, real values restored, in order. */
  z.object({ type: z.literal('delta'), text: z.string() }),
  /** The final message (blocked, answered, or failed with its Error). */
  z.object({ type: z.literal('done'), message: ChatMessageSchema }),
  /** The stream broke before a final message (the message, if any, is in the conversation as failed). */
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type ChatStreamEvent = z.infer<typeof ChatStreamEventSchema>;

export const ChatDocumentSchema = z.object({
  id: z.string(),
  ConversationId: z.string(),
  FileName: z.string(),
  SizeBytes: z.number().int(),
  Characters: z.number().int(),
  CreatedAt: IsoDateSchema,
});
export type ChatDocument = z.infer<typeof ChatDocumentSchema>;

export const CitedSourceSchema = SourceCitationSchema.extend({
  /** The chunk's full text (after the policies that applied to the prompt, as the model saw it). */
  Text: z.string(),
  /** Neighbouring chunks of the same document, in document order, for context. */
  Context: z.array(z.object({ ChunkId: z.string(), Text: z.string() })),
});
export type CitedSource = z.infer<typeof CitedSourceSchema>;

export const ChatCopilotSchema = z.object({
  id: z.string(),
  Name: z.string(),
  Description: z.string(),
  /** predefined (2) copilots offer their prompts to pick from. */
  PromptType: z.number().int(),
  PredefinedPrompts: z.array(z.object({ Title: z.string(), Prompt: z.string() })),
});
export type ChatCopilot = z.infer<typeof ChatCopilotSchema>;

export const ChatModelSchema = z.object({ id: z.number().int(), Name: z.string(), Provider: z.string() });
export type ChatModel = z.infer<typeof ChatModelSchema>;

/** The lifecycle page's payload: the record plus what the user typed and the answer shown. */
export const PromptDetailsSchema = PromptRecordSchema.extend({
  UserEmail: z.string().nullable(),
  ModelName: z.string().nullable(),
  AppName: z.string().nullable(),
  /** Original text for ORG_ADMIN; for a USER the policy stage's original values are masked like the model saw them. */
  Prompt: z.string().nullable(),
  Answer: z.string().nullable(),
  Verification: VerificationOutcomeSchema.nullable(),
});
export type PromptDetails = z.infer<typeof PromptDetailsSchema>;
