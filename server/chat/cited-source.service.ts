// A passage an answer cited, opened from the chat: only a chunk that message cited, shown with its neighbours and
// with the policies applied as for the prompt (the same vault, so the same placeholders the model saw).
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { CitedSource, SourceCitation } from '../../domain/schemas/chat';
import type { Principal } from '../auth/principal';
import type { Database } from '../db/schema';
import { notFound } from '../http/errors';
import { governContext } from '../pipeline/context-policies';
import { ConversationsRepository } from '../pipeline/conversations.repository';
import { PolicyAudienceRepository } from '../policies/policy-audience.repository';
import type { Policy } from '../../domain/schemas/policies';
import type { Owner } from './chat-conversations.repository';
import { ChatMessagesRepository } from './chat-messages.repository';
import { CITED_SOURCE_NOT_FOUND, ConversationsService, ownerOf } from './conversations.service';

/** Chunks either side of the cited one. */
export const NEIGHBOUR_CHUNKS = 1;

export interface LoadedChunk {
  chunkId: string;
  dataSourceId: string;
  dataSourceName: string;
  documentId: string;
  documentName: string;
  ordinal: number;
  text: string;
}

/** A chunk of one of the organization's data sources, or undefined. */
export async function loadChunk(db: Kysely<Database>, organizationId: string, chunkId: string): Promise<LoadedChunk | undefined> {
  const row = await db
    .selectFrom('chunks as c')
    .innerJoin('documents as d', 'd.id', 'c.document_id')
    .innerJoin('data_sources as s', 's.id', 'c.data_source_id')
    .select(['c.id', 'c.data_source_id', 's.name as data_source_name', 'c.document_id', 'd.name as document_name', 'c.ordinal', 'c.text'])
    .where('c.id', '=', chunkId)
    .where('s.organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!row) return undefined;
  return { chunkId: row.id, dataSourceId: row.data_source_id, dataSourceName: row.data_source_name, documentId: row.document_id, documentName: row.document_name, ordinal: Number(row.ordinal), text: row.text };
}

export class CitedSourceService {
  constructor(private readonly app: FastifyInstance) {}

  async get(actor: Principal, conversationId: string, promptId: string, chunkId: string): Promise<CitedSource> {
    const db = this.app.db.kysely;
    const owner = ownerOf(actor);
    await new ConversationsService(db).findOrThrow(owner, conversationId);
    const message = await new ChatMessagesRepository(db).find(owner, conversationId, promptId);
    if (!message) throw notFound('The message');
    const citation = (JSON.parse(message.sources_json) as SourceCitation[]).find((source) => source.ChunkId === chunkId);
    const chunk = citation ? await loadChunk(db, owner.organizationId, chunkId) : undefined;
    if (!citation || !chunk) throw notFound(CITED_SOURCE_NOT_FOUND);

    const neighbours = await db
      .selectFrom('chunks')
      .select(['id', 'ordinal', 'text'])
      .where('document_id', '=', chunk.documentId)
      .where('ordinal', '>=', chunk.ordinal - NEIGHBOUR_CHUNKS)
      .where('ordinal', '<=', chunk.ordinal + NEIGHBOUR_CHUNKS)
      .where('id', '!=', chunk.chunkId)
      .orderBy('ordinal')
      .execute();
    const passages = [chunk, ...neighbours.map((row) => ({ chunkId: row.id, documentName: chunk.documentName, text: row.text }))].map((passage) => ({
      kind: 'chunk' as const,
      name: passage.documentName,
      chunkId: passage.chunkId,
      text: passage.text,
    }));
    const policies = await this.policiesOf(owner, message.language_model_id === null ? null : Number(message.language_model_id), message.app_id);
    const vault = (await new ConversationsRepository(db, this.app.services.secrets).open(conversationId, owner.organizationId, owner.userId))?.vault ?? {};
    const governed = (await governContext(passages, policies, vault)).passages;
    return {
      ...citation,
      Text: governed[0]!.transformed,
      Context: governed.slice(1).map((passage) => ({ ChunkId: passage.chunkId!, Text: passage.transformed })),
    };
  }

  /** The policies of the message's prompt: those that apply to the user and model, plus the copilot's own. */
  private async policiesOf(owner: Owner, languageModelId: number | null, appId: string | null): Promise<Policy[]> {
    const db = this.app.db.kysely;
    const groupIds = await new PolicyAudienceRepository(db).groupIdsOfUser(owner.userId);
    const applicable = await this.app.services.policies.applicableFor(owner.organizationId, groupIds, languageModelId);
    if (!appId) return applicable;
    const own = await db.selectFrom('app_policies').select('policy_id').where('app_id', '=', appId).execute();
    const ids = new Set(own.map((row) => row.policy_id));
    const extra = (await this.app.services.policies.enabledPolicies(owner.organizationId)).filter((policy) => ids.has(policy.id) && !applicable.some((item) => item.id === policy.id));
    return [...applicable, ...extra];
  }
}
