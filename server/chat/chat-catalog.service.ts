// What the chat offers the caller to pick from: the models they may use and the copilots they may use.
import type { FastifyInstance } from 'fastify';
import type { ChatCopilot, ChatModel } from '../../domain/schemas/chat';
import { mayUseApp } from '../apps/app-access';
import type { Principal } from '../auth/principal';
import { LanguageModelsRepository } from '../models/language-models.repository';
import { PolicyAudienceRepository } from '../policies/policy-audience.repository';
import { ownerOf } from './conversations.service';

const MAX_LISTED = 500;

export class ChatCatalogService {
  constructor(private readonly app: FastifyInstance) {}

  /** Enabled models granted to the caller (to one of their groups, or to the whole organization), by name. */
  async models(actor: Principal): Promise<ChatModel[]> {
    const { organizationId, userId } = ownerOf(actor);
    const { rows } = await new LanguageModelsRepository(this.app.db.kysely).list({ organizationId, usableBy: userId, sortField: 'Name', sortOrder: 'asc', offset: 0, limit: MAX_LISTED });
    return rows.map((row) => ({ id: Number(row.id), Name: row.name, Provider: row.provider }));
  }

  /** Active, fully set-up copilots of which the caller is a user (directly or through a group), by name. */
  async copilots(actor: Principal): Promise<ChatCopilot[]> {
    const { organizationId, userId } = ownerOf(actor);
    const db = this.app.db.kysely;
    const [rows, groupIds] = await Promise.all([
      db.selectFrom('apps').select(['id', 'description']).where('organization_id', '=', organizationId).where('status', '=', 'active').orderBy('name').orderBy('id').limit(MAX_LISTED).execute(),
      new PolicyAudienceRepository(db).groupIdsOfUser(userId),
    ]);
    const copilots: ChatCopilot[] = [];
    for (const row of rows) {
      const config = await this.app.services.apps.configFor(organizationId, row.id);
      if (!config?.Ready || !mayUseApp(config, { userId, groupIds })) continue;
      copilots.push({ id: config.id, Name: config.Name, Description: row.description ?? '', PromptType: config.PromptType, PredefinedPrompts: config.PredefinedPrompts });
    }
    return copilots;
  }
}
