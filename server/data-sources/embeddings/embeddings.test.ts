import { describe, expect, it } from 'vitest';
import { EmbeddingModel } from '../../../domain/enums';
import { ProviderError } from '../../models/providers';
import type { EmbeddingOptions, EmbeddingResult } from '../../models/providers/types';
import { reciprocalRankFusion, RRF_K } from '../rank-fusion';
import { EMBEDDING_MODEL_SPECS, truncateToTokens } from './embedding-models';
import { ProviderSourceEmbedder } from './source-embedder';
import { decodeVector, encodeVector, FlatVectorIndex } from './vector-index';

describe('the embedded exact vector index', () => {
  // q points along x. "near" is short and off-axis, "aligned" is long and almost along x:
  // cosine prefers the direction (aligned), Euclidean distance the position (near).
  const index = new FlatVectorIndex(2);
  index.add('aligned', [10, 1]);
  index.add('near', [0.6, 0.5]);
  index.add('opposite', [-1, 0]);

  it('ranks by cosine similarity or by Euclidean distance, as the similarity setting says', () => {
    expect(index.search([1, 0], 3, 'cosine').map((match) => match.id)).toEqual(['aligned', 'near', 'opposite']);
    expect(index.search([1, 0], 3, 'euclidean').map((match) => match.id)).toEqual(['near', 'opposite', 'aligned']);
    const [best] = index.search([1, 0], 1, 'cosine');
    expect(best!.score).toBeCloseTo(10 / Math.sqrt(101), 5);
    expect(index.search([1, 0], 1, 'euclidean')[0]!.score).toBeCloseTo(-Math.sqrt(0.16 + 0.25), 5);
  });

  it('keeps the k best of many rows, grows past its capacity, and refuses vectors of another length', () => {
    const big = new FlatVectorIndex(3, 2);
    for (let i = 0; i < 500; i++) big.add(`row-${i}`, [Math.cos(i), Math.sin(i), i / 500]);
    expect(big.size).toBe(500);
    const top = big.search([1, 0, 0], 5, 'cosine');
    expect(top).toHaveLength(5);
    const all = big.search([1, 0, 0], 500, 'cosine');
    expect(top.map((match) => match.id)).toEqual(all.slice(0, 5).map((match) => match.id));
    expect(all.every((match, position) => position === 0 || all[position - 1]!.score >= match.score)).toBe(true);
    expect(() => big.add('bad', [1, 2])).toThrow(/2 dimensions/);
    expect(() => big.search([1, 2], 1, 'cosine')).toThrow(/2 dimensions/);
  });

  it('stores vectors as float32 bytes in base64 and reads them back', () => {
    const decoded = decodeVector(encodeVector([0.25, -1.5, 3]));
    expect([...decoded]).toEqual([0.25, -1.5, 3]);
  });
});

describe('reciprocal rank fusion', () => {
  it('sums 1/(k + rank) over the lists and says which list found each hit', () => {
    const fused = reciprocalRankFusion([
      { kind: 'bm25', ids: ['a', 'b', 'c'] },
      { kind: 'vector', ids: ['c', 'd'] },
    ]);
    expect(fused.map((hit) => [hit.id, hit.source])).toEqual([
      ['c', 'both'],
      ['a', 'bm25'],
      ['b', 'bm25'],
      ['d', 'vector'],
    ]);
    expect(fused[0]!.score).toBeCloseTo(1 / (RRF_K + 3) + 1 / (RRF_K + 1), 10);
    expect(fused[1]!.score).toBeCloseTo(1 / (RRF_K + 1), 10);
  });
});

/** A provider that records its calls and fails as told. */
function recordingProvider(failures: ProviderError[] = []) {
  const calls: string[][] = [];
  return {
    calls,
    async embed(texts: string[], _options?: EmbeddingOptions): Promise<EmbeddingResult> {
      calls.push(texts);
      const failure = failures.shift();
      if (failure) throw failure;
      return { vectors: texts.map((text) => [text.length, 1]), model: 'recording' };
    },
  };
}

describe('a data source embedder', () => {
  const fast = { attempts: 3, firstDelayMs: 1 };

  it('sends documents in batches of the model’s size, in order', async () => {
    const provider = recordingProvider();
    const embedder = new ProviderSourceEmbedder('k', provider, { ...EMBEDDING_MODEL_SPECS[EmbeddingModel.BGE_BASE], batchSize: 2 }, fast);
    const vectors = await embedder.embedDocuments(['a', 'bb', 'ccc', 'dddd', 'eeeee']);
    expect(provider.calls).toEqual([['a', 'bb'], ['ccc', 'dddd'], ['eeeee']]);
    expect(vectors.map((vector) => vector[0])).toEqual([1, 2, 3, 4, 5]);
  });

  it('puts E5’s "passage: " and "query: " prefixes before the texts', async () => {
    const provider = recordingProvider();
    const embedder = new ProviderSourceEmbedder('k', provider, EMBEDDING_MODEL_SPECS[EmbeddingModel.E5_LARGE], fast);
    await embedder.embedDocuments(['Travel policy']);
    await embedder.embedQuery('who approves travel');
    expect(provider.calls).toEqual([['passage: Travel policy'], ['query: who approves travel']]);
  });

  it('cuts texts to the model’s input limit', async () => {
    const provider = recordingProvider();
    const embedder = new ProviderSourceEmbedder('k', provider, { ...EMBEDDING_MODEL_SPECS[EmbeddingModel.GTE_LARGE], maxInputTokens: 4 }, fast);
    await embedder.embedDocuments(['alpha beta gamma delta']);
    expect(provider.calls[0]![0]).toBe('alpha beta');
    expect(truncateToTokens('x'.repeat(20), 4)).toBe('x'.repeat(12));
    expect(truncateToTokens('short', 512)).toBe('short');
  });

  it('retries a rate limit or a server error, not a refused key', async () => {
    const flaky = recordingProvider([new ProviderError('upstream', 'Rate limited', 429), new ProviderError('upstream', 'Server error', 503)]);
    await expect(new ProviderSourceEmbedder('k', flaky, EMBEDDING_MODEL_SPECS[EmbeddingModel.TEXT_EMBEDDING], fast).embedQuery('q')).resolves.toEqual([1, 1]);
    expect(flaky.calls).toHaveLength(3);

    const refused = recordingProvider([new ProviderError('upstream', 'Incorrect API key', 401)]);
    await expect(new ProviderSourceEmbedder('k', refused, EMBEDDING_MODEL_SPECS[EmbeddingModel.TEXT_EMBEDDING], fast).embedQuery('q')).rejects.toThrow('Incorrect API key');
    expect(refused.calls).toHaveLength(1);

    const down = recordingProvider([1, 2, 3].map(() => new ProviderError('connection', 'Connection refused')));
    await expect(new ProviderSourceEmbedder('k', down, EMBEDDING_MODEL_SPECS[EmbeddingModel.TEXT_EMBEDDING], fast).embedQuery('q')).rejects.toThrow('Connection refused');
    expect(down.calls).toHaveLength(3);
  });

  it('refuses an answer with a missing vector or vectors of unequal length', async () => {
    const short = { embed: async (texts: string[]) => ({ vectors: texts.slice(1).map(() => [1]), model: 'm' }) };
    await expect(new ProviderSourceEmbedder('k', short, EMBEDDING_MODEL_SPECS[EmbeddingModel.TEXT_EMBEDDING], fast).embedDocuments(['a', 'b'])).rejects.toThrow('1 embeddings for 2 texts');
    const ragged = { embed: async () => ({ vectors: [[1, 2], [1]], model: 'm' }) };
    await expect(new ProviderSourceEmbedder('k', ragged, EMBEDDING_MODEL_SPECS[EmbeddingModel.TEXT_EMBEDDING], fast).embedDocuments(['a', 'b'])).rejects.toThrow('unequal length');
  });
});
