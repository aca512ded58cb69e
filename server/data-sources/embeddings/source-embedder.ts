// A data source's embedder: its chosen language model's provider (key, base URL) with the embedding model mapped
// from its §3.2 choice, in batches, with retries on transient failures, texts cut to the model's input limit.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { providerFor, ProviderError } from '../../models/providers';
import type { ChatProvider } from '../../models/providers';
import type { OutboundClient } from '../../outbound';
import type { SecretBox } from '../../security/secret-box';
import type { DataSourceRow } from '../data-sources.repository';
import type { EmbeddingModelSpec } from './embedding-models';
import { embeddingSpecOf, truncateToTokens } from './embedding-models';

export type EmbeddingSettings = Pick<DataSourceRow, 'organization_id' | 'embeddings_enabled' | 'embedding_language_model_id' | 'embedding_model_name' | 'embedding_model'>;

export interface SourceEmbedder {
  /** Which provider and model made a vector: vectors of another key are stale. */
  readonly key: string;
  embedDocuments(texts: string[], signal?: AbortSignal): Promise<number[][]>;
  embedQuery(text: string, signal?: AbortSignal): Promise<number[]>;
}

/** Builds the embedder of a source; throws `EmbeddingUnavailableError` with the reason when it has none. */
export type EmbedderFactory = (db: Kysely<Database>, source: EmbeddingSettings) => Promise<SourceEmbedder>;

export class EmbeddingUnavailableError extends Error {
  override readonly name = 'EmbeddingUnavailableError';
}

export interface RetryPolicy {
  attempts: number;
  /** Doubled after each failed attempt. */
  firstDelayMs: number;
}
export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, firstDelayMs: 500 };

/** Rate limits, server errors, timeouts and dropped connections are worth another try; a refused key is not. */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ProviderError)) return false;
  if (error.kind === 'timeout' || error.kind === 'connection') return true;
  return error.kind === 'upstream' && (error.status === undefined || error.status === 429 || error.status >= 500);
}

async function withRetries<T>(attempt: () => Promise<T>, policy: RetryPolicy, signal?: AbortSignal): Promise<T> {
  for (let tried = 1; ; tried++) {
    try {
      return await attempt();
    } catch (error) {
      if (tried >= policy.attempts || !isTransient(error) || signal?.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, policy.firstDelayMs * 2 ** (tried - 1)));
    }
  }
}

export class ProviderSourceEmbedder implements SourceEmbedder {
  constructor(
    readonly key: string,
    private readonly provider: Required<Pick<ChatProvider, 'embed'>>,
    private readonly spec: EmbeddingModelSpec,
    private readonly retry: RetryPolicy = DEFAULT_RETRY,
  ) {}

  async embedDocuments(texts: string[], signal?: AbortSignal): Promise<number[][]> {
    const vectors: number[][] = [];
    for (let start = 0; start < texts.length; start += this.spec.batchSize) {
      const batch = texts.slice(start, start + this.spec.batchSize).map((text) => truncateToTokens(this.spec.documentPrefix + text, this.spec.maxInputTokens));
      vectors.push(...(await this.call(batch, signal)));
    }
    return vectors;
  }

  async embedQuery(text: string, signal?: AbortSignal): Promise<number[]> {
    const [vector] = await this.call([truncateToTokens(this.spec.queryPrefix + text, this.spec.maxInputTokens)], signal);
    return vector!;
  }

  private async call(texts: string[], signal?: AbortSignal): Promise<number[][]> {
    const result = await withRetries(() => this.provider.embed(texts, {}, signal), this.retry, signal);
    if (result.vectors.length !== texts.length) throw new ProviderError('upstream', `The provider answered ${result.vectors.length} embeddings for ${texts.length} texts.`);
    const dimensions = result.vectors[0]?.length ?? 0;
    if (!dimensions || result.vectors.some((vector) => vector.length !== dimensions || vector.some((value) => !Number.isFinite(value)))) {
      throw new ProviderError('upstream', 'The provider answered embeddings of unequal length or with values that are not numbers.');
    }
    return result.vectors;
  }
}

/** The settings a stored vector depends on: when they change while embeddings are on, the source is embedded again. */
export function embeddingKeyOf(settings: Pick<DataSourceRow, 'embeddings_enabled' | 'embedding_language_model_id' | 'embedding_model_name' | 'embedding_model'> | null): string {
  if (!settings) return '';
  return [settings.embeddings_enabled, settings.embedding_language_model_id, settings.embedding_model_name, settings.embedding_model].join('|');
}

/** The factory the server uses: the organization's language model, read with its decrypted key. */
export function languageModelEmbedders(secrets: SecretBox, outbound: OutboundClient, retry: RetryPolicy = DEFAULT_RETRY): EmbedderFactory {
  return async (db, source) => {
    if (!source.embeddings_enabled) throw new EmbeddingUnavailableError('Embeddings are off for this data source.');
    if (source.embedding_language_model_id === null) throw new EmbeddingUnavailableError('No language model is chosen to make the embeddings.');
    const record = await db
      .selectFrom('language_models')
      .selectAll()
      .where('id', '=', source.embedding_language_model_id)
      .where('organization_id', '=', source.organization_id)
      .executeTakeFirst();
    if (!record) throw new EmbeddingUnavailableError('The language model chosen for embeddings was deleted.');
    if (!record.enabled) throw new EmbeddingUnavailableError(`The language model ${record.name} is disabled.`);
    const spec = embeddingSpecOf(source.embedding_model);
    const model = source.embedding_model_name ?? spec.defaultModel;
    const provider = providerFor({ ...record, model }, secrets, outbound);
    if (!provider.embed) throw new EmbeddingUnavailableError(`The provider of ${record.name} (${record.provider}) has no embeddings API.`);
    const embed = provider.embed.bind(provider);
    return new ProviderSourceEmbedder(`${record.id}:${record.provider}:${model}`, { embed }, spec, retry);
  };
}
