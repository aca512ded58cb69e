// The §3.2 embedding-model choices as provider calls: the model name sent (unless the data source names its own),
// the longest input the model reads, how many texts one request may carry, and the prefixes some models need.
import { EmbeddingModel } from '../../../domain/enums';
import type { EmbeddingModelId } from '../../../domain/schemas/data-sources';

export interface EmbeddingModelSpec {
  /** The name sent as `model` (OpenAI and Azure deployments, Cohere's compatibility API, TEI, Ollama). */
  defaultModel: string;
  /** The model's input limit in tokens; longer texts are cut before sending. */
  maxInputTokens: number;
  /** Texts per request: the provider's own limit (OpenAI 2048, Cohere 96, a TEI server's default 32). */
  batchSize: number;
  /** E5 is trained with "query: " and "passage: " before each text; without them it ranks worse. */
  queryPrefix: string;
  documentPrefix: string;
}

const tei = (defaultModel: string, extra: Partial<EmbeddingModelSpec> = {}): EmbeddingModelSpec => ({ defaultModel, maxInputTokens: 512, batchSize: 32, queryPrefix: '', documentPrefix: '', ...extra });

export const EMBEDDING_MODEL_SPECS: Record<EmbeddingModelId, EmbeddingModelSpec> = {
  [EmbeddingModel.TEXT_EMBEDDING]: { defaultModel: 'text-embedding-3-small', maxInputTokens: 8191, batchSize: 256, queryPrefix: '', documentPrefix: '' },
  [EmbeddingModel.GTE_LARGE]: tei('thenlper/gte-large'),
  // "GTA base" in §3.2 is GTE base (there is no GTA embedding model).
  [EmbeddingModel.GTA_BASE]: tei('thenlper/gte-base'),
  [EmbeddingModel.COHERE_EMBED]: { defaultModel: 'embed-english-v3.0', maxInputTokens: 512, batchSize: 96, queryPrefix: '', documentPrefix: '' },
  [EmbeddingModel.BGE_BASE]: tei('BAAI/bge-base-en-v1.5'),
  [EmbeddingModel.E5_LARGE]: tei('intfloat/e5-large-v2', { queryPrefix: 'query: ', documentPrefix: 'passage: ' }),
};

export function embeddingSpecOf(choice: number): EmbeddingModelSpec {
  return EMBEDDING_MODEL_SPECS[choice as EmbeddingModelId] ?? EMBEDDING_MODEL_SPECS[EmbeddingModel.TEXT_EMBEDDING];
}

/**
 * Cuts a text to about `maxTokens` tokens. Tokenizers differ per model, so the cut is conservative: three
 * characters a token (English averages about four), on a word boundary when there is one near.
 */
export function truncateToTokens(text: string, maxTokens: number): string {
  const limit = maxTokens * 3;
  const characters = [...text];
  if (characters.length <= limit) return text;
  const cut = characters.slice(0, limit).join('');
  const space = cut.lastIndexOf(' ');
  return space > limit * 0.8 ? cut.slice(0, space) : cut;
}

/** Providers whose API embeds (Anthropic has no embeddings endpoint). */
export function providerHasEmbeddings(provider: string): boolean {
  return ['demo', 'openai', 'azure-openai', 'ollama', 'openai-compatible'].includes(provider);
}
