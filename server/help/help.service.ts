import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { HelpPage, HelpPageInputSchema } from '../../domain/schemas/help';
import { recordAudit } from '../audit/audit.service';
import type { Principal } from '../auth/principal';
import type { Database } from '../db/schema';
import { newId } from '../db/ids';
import { conflict, forbidden, notFound } from '../http/errors';
import { iso } from '../http/rest';
import { BUILT_IN_HELP_PAGES } from './builtin-pages';

type HelpInput = z.output<typeof HelpPageInputSchema>;
export type HelpSortField = 'id' | 'Title' | 'Category' | 'Slug';

const builtIn: HelpPage[] = BUILT_IN_HELP_PAGES.map((page) => ({
  id: page.slug,
  Slug: page.slug,
  Title: page.title,
  Category: page.category,
  Body: page.body,
  BuiltIn: true,
  UpdatedAt: null,
}));

/** Built-in pages plus the organization's own; both addressed by slug. Few enough to page in memory. */
export class HelpService {
  constructor(private readonly db: Kysely<Database>) {}

  async list(actor: Principal, query: { search?: string; sortField: HelpSortField; sortOrder: 'asc' | 'desc'; offset: number; limit: number }) {
    const words = (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const pages = [...builtIn, ...(await this.customPages(actor))].filter((page) => {
      const text = `${page.Title}\n${page.Category}\n${page.Body}`.toLowerCase();
      return words.every((word) => text.includes(word));
    });
    const direction = query.sortOrder === 'asc' ? 1 : -1;
    pages.sort((a, b) => direction * a[query.sortField].localeCompare(b[query.sortField]) || a.Title.localeCompare(b.Title));
    return { rows: pages.slice(query.offset, query.offset + query.limit), total: pages.length };
  }

  async get(actor: Principal, slug: string): Promise<HelpPage> {
    const page = builtIn.find((candidate) => candidate.Slug === slug) ?? (await this.customPages(actor, slug))[0];
    if (!page) throw notFound('The help page');
    return page;
  }

  async create(actor: Principal, input: HelpInput): Promise<HelpPage> {
    const organizationId = orgOf(actor);
    return this.db.transaction().execute(async (trx) => {
      const exists = builtIn.some((page) => page.Slug === input.Slug) || (await this.customPages(actor, input.Slug, trx)).length > 0;
      if (exists) throw conflict('A help page with this slug already exists.', { Slug: 'A help page with this slug already exists' });
      await trx
        .insertInto('help_pages')
        .values({ id: newId(), organization_id: organizationId, slug: input.Slug, title: input.Title, category: input.Category, body: input.Body, updated_at: Date.now() })
        .execute();
      const page = (await this.customPages(actor, input.Slug, trx))[0]!;
      await recordAudit(trx, actor, { action: 'create', resource: 'help', recordId: page.Slug, summary: `Created help page ${page.Title}`, after: page });
      return page;
    });
  }

  async update(actor: Principal, slug: string, input: HelpInput): Promise<HelpPage> {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.editable(actor, slug, trx);
      if (input.Slug !== slug && (builtIn.some((page) => page.Slug === input.Slug) || (await this.customPages(actor, input.Slug, trx)).length)) {
        throw conflict('A help page with this slug already exists.', { Slug: 'A help page with this slug already exists' });
      }
      await trx
        .updateTable('help_pages')
        .set({ slug: input.Slug, title: input.Title, category: input.Category, body: input.Body, updated_at: Date.now() })
        .where('organization_id', '=', orgOf(actor))
        .where('slug', '=', slug)
        .execute();
      const after = (await this.customPages(actor, input.Slug, trx))[0]!;
      await recordAudit(trx, actor, { action: 'update', resource: 'help', recordId: after.Slug, summary: `Updated help page ${after.Title}`, before, after });
      return after;
    });
  }

  async delete(actor: Principal, slug: string): Promise<HelpPage> {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.editable(actor, slug, trx);
      await trx.deleteFrom('help_pages').where('organization_id', '=', orgOf(actor)).where('slug', '=', slug).execute();
      await recordAudit(trx, actor, { action: 'delete', resource: 'help', recordId: slug, summary: `Deleted help page ${before.Title}`, before });
      return before;
    });
  }

  private async editable(actor: Principal, slug: string, db: Kysely<Database>): Promise<HelpPage> {
    if (builtIn.some((page) => page.Slug === slug)) throw forbidden('Built-in help pages cannot be changed; add a page of your own instead.');
    const page = (await this.customPages(actor, slug, db))[0];
    if (!page) throw notFound('The help page');
    return page;
  }

  private async customPages(actor: Principal, slug?: string, db: Kysely<Database> = this.db): Promise<HelpPage[]> {
    let query = db.selectFrom('help_pages').selectAll().where('organization_id', '=', orgOf(actor));
    if (slug) query = query.where('slug', '=', slug);
    const rows = await query.execute();
    return rows.map((row) => ({ id: row.slug, Slug: row.slug, Title: row.title, Category: row.category, Body: row.body, BuiltIn: false, UpdatedAt: iso(row.updated_at) }));
  }
}

function orgOf(actor: Principal): string {
  if (!actor.organizationId) throw forbidden();
  return actor.organizationId;
}
