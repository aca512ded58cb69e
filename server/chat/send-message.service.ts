// One chat message: the prompt through the governance pipeline, its answer streamed, and the message as the user saw
// it kept beside the prompt's lifecycle record (same id).
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { ChatMessage as ChatMessageDto, SendMessageSchema } from '../../domain/schemas/chat';
import type { LanguageModelSummary } from '../../domain/schemas/language-models';
import type { Principal } from '../auth/principal';
import { configCacheFor } from '../db/config-cache';
import type { ConfigReader } from '../db/config-cache';
import { notFound } from '../http/errors';
import type { ChatMessage, ChatProvider } from '../models/providers/types';
import { copilotContext } from '../pipeline/copilot-context';
import type { CopilotContext } from '../pipeline/copilot-context';
import { PromptOrchestrator } from '../pipeline/orchestrator';
import type { PipelineRequest, PipelineResult } from '../pipeline/orchestrator';
import { toChatMessage } from './chat.dto';
import { ChatConversationsRepository } from './chat-conversations.repository';
import type { ConversationRow, Owner } from './chat-conversations.repository';
import { ChatDocumentsService, documentTokenBudget, truncateToTokens } from './chat-documents.service';
import type { ChatMessageInsert } from './chat-messages.repository';
import { ChatMessagesRepository } from './chat-messages.repository';
import { loadChunk } from './cited-source.service';
import { CITED_SOURCE_NOT_FOUND, ConversationsService, ownerOf, titleFromPrompt } from './conversations.service';
import { historyMessages, HISTORY_MAX_EXCHANGES, summaryInstruction, truncationNote } from './message-context';

export type SendMessageValue = z.output<typeof SendMessageSchema>;

/** Where the message's events go: the route writes them to the client's stream. */
export interface MessageSink {
  started(message: ChatMessageDto): void;
  delta(text: string): void;
  /** Aborted when the client goes away: the upstream call stops and the message ends failed. */
  signal: AbortSignal;
}

/** The pipeline broke after the message was shown as started: it is kept as failed with this error. */
export const PIPELINE_FAULT_MESSAGE = 'Something went wrong on our side. Please try again.';

export class MessageAfterStartError extends Error {}

interface Resolved {
  model: LanguageModelSummary;
  provider: ChatProvider;
  copilot?: CopilotContext;
}

interface Extras {
  system: ChatMessage[];
  documents: { name: string; text: string }[];
  document: { id: string; name: string } | null;
  keptPercent: number | null;
}

export class SendMessageService {
  constructor(private readonly app: FastifyInstance) {}

  async send(actor: Principal, conversationId: string, input: SendMessageValue, sink: MessageSink): Promise<ChatMessageDto> {
    const db = this.app.db.kysely;
    const owner = ownerOf(actor);
    const conversation = await new ConversationsService(db).findOrThrow(owner, conversationId);
    // One view of the configuration for the whole message (config-cache.ts).
    const config = configCacheFor(db).snapshot();
    const resolved = await this.resolveModel(actor, input, config);
    const extras = await this.extras(owner, conversation, input, resolved.model);
    const messagesRepository = new ChatMessagesRepository(db);
    const history = historyMessages(await messagesRepository.recentAnswered(owner, conversationId, HISTORY_MAX_EXCHANGES));

    const at = Date.now();
    if (!conversation.title) await new ChatConversationsRepository(db).update(owner, conversationId, { title: titleFromPrompt(input.Content), at });

    let started: string | null = null;
    const request: PipelineRequest = {
      actor,
      model: resolved.model,
      provider: resolved.provider,
      messages: [...extras.system, ...history, { role: 'user', content: input.Content }],
      messageType: input.MessageType,
      conversationId,
      retrieval: input.MessageType === 'SEARCH_RAG',
      ...(resolved.copilot ? { copilot: resolved.copilot, appId: resolved.copilot.appId } : {}),
      ...(extras.documents.length ? { documents: extras.documents } : {}),
      signal: sink.signal,
      config,
      onStart: async (promptId) => {
        const row: ChatMessageInsert = {
          id: promptId,
          conversation_id: conversationId,
          organization_id: owner.organizationId,
          user_id: owner.userId,
          message_type: input.MessageType,
          prompt: input.Content,
          language_model_id: resolved.model.id,
          model_name: resolved.model.Name,
          app_id: resolved.copilot?.appId ?? null,
          app_name: resolved.copilot?.appName ?? null,
          document_id: extras.document?.id ?? null,
          document_name: extras.document?.name ?? null,
          created_at: Date.now(),
        };
        await messagesRepository.insert(row);
        started = promptId;
        sink.started(toChatMessage({ ...row, answer: null, blocked_message: null, error: null, policy_actions_json: '[]', sources_json: '[]', verification_json: null, verification_warning: null, malicious: 0, status: 'in_progress' }));
      },
      onDelta: (text) => sink.delta(text),
    };

    let result: PipelineResult;
    try {
      result = await new PromptOrchestrator(this.app).run(request);
    } catch (error) {
      if (started === null) throw error;
      this.app.log.error({ err: error, promptId: started }, 'chat message failed in the pipeline');
      await messagesRepository.finish(started, { answer: '', error: PIPELINE_FAULT_MESSAGE });
      throw new MessageAfterStartError(PIPELINE_FAULT_MESSAGE);
    }

    // The contract shows no answer for a blocked or failed prompt (a broken stream's partial text included).
    let answer = result.blocked || result.status === 'failed' ? '' : result.answer;
    if (extras.keptPercent !== null && result.status === 'success' && !result.blocked) {
      const note = truncationNote(extras.keptPercent);
      sink.delta(note);
      answer += note;
    }
    await messagesRepository.finish(result.promptId, {
      answer,
      blocked_message: result.blocked?.message ?? null,
      error: result.error,
      policy_actions_json: JSON.stringify(result.policyActions),
      sources_json: JSON.stringify(result.sources),
      verification_json: result.verification ? JSON.stringify(result.verification) : null,
      verification_warning: result.verificationWarning,
      malicious: result.malicious ? 1 : 0,
      model_name: result.modelName,
    });
    await new ChatConversationsRepository(db).update(owner, conversationId, { languageModelId: resolved.model.id, at: Date.now() });
    const saved = await messagesRepository.find(owner, conversationId, result.promptId);
    if (!saved) throw notFound('The message');
    return toChatMessage(saved);
  }

  /** PROMPT_COPILOT: the copilot's model (the requested one when it is the copilot's); otherwise a model the user may use. */
  private async resolveModel(actor: Principal, input: SendMessageValue, config: ConfigReader): Promise<Resolved> {
    if (input.MessageType === 'PROMPT_COPILOT') {
      const copilot = await copilotContext(this.app, actor, input.AppId!, input.LanguageModelId);
      return { model: copilot.model, provider: copilot.provider, copilot };
    }
    return this.app.services.languageModels.usable(actor, input.LanguageModelId!, config);
  }

  private async extras(owner: Owner, conversation: ConversationRow, input: SendMessageValue, model: LanguageModelSummary): Promise<Extras> {
    const extras: Extras = { system: [], documents: [], document: null, keptPercent: null };
    if (conversation.source_chunk_id) {
      // A child chat discusses the cited passage: it is given to the model with every message.
      const chunk = await loadChunk(this.app.db.kysely, owner.organizationId, conversation.source_chunk_id);
      if (!chunk) throw notFound(CITED_SOURCE_NOT_FOUND);
      extras.documents.push({ name: chunk.documentName, text: chunk.text });
    }
    if (input.MessageType === 'SUMMARIZE_DOCUMENT') {
      const { row, text } = await new ChatDocumentsService(this.app.db.kysely, this.app.services.secrets).open(owner, conversation.id, input.DocumentId!);
      const budgeted = truncateToTokens(text, documentTokenBudget(model));
      extras.keptPercent = budgeted.truncated ? budgeted.keptPercent : null;
      extras.documents.push({ name: row.file_name, text: budgeted.text });
      extras.document = { id: row.id, name: row.file_name };
      extras.system.push(summaryInstruction(row.file_name, extras.keptPercent));
    }
    return extras;
  }
}
