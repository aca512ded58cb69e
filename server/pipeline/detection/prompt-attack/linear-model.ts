/**
 * Scoring arithmetic of the learned attack classifier (see classifier.ts), shared with the training script.
 * The logit of a span of words is bias + scale * (sum of its features' int8 weights) / sqrt(feature count).
 */
import { FEATURE_BITS } from './features';

export interface AttackModel {
  bits: number;
  bias: number;
  /** Weight of one int8 step. */
  scale: number;
  /** Words per scoring window; windows overlap by half, and half-size windows are scored too. */
  window: number;
  /** int8 weights, base64. */
  weights: string;
}

export interface LoadedModel {
  bias: number;
  scale: number;
  window: number;
  weights: Int8Array;
}

export function loadModel(source: AttackModel): LoadedModel {
  if (source.bits !== FEATURE_BITS) throw new Error(`attack model has ${source.bits} feature bits, the code ${FEATURE_BITS}`);
  const bytes = Buffer.from(source.weights, 'base64');
  if (bytes.length !== 1 << FEATURE_BITS) throw new Error('attack model weights have the wrong size');
  return { bias: source.bias, scale: source.scale, window: source.window, weights: new Int8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)) };
}

/** The logit of a list of features under real-valued weights (training). */
export function logitOf(weights: ArrayLike<number>, bias: number, indices: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < indices.length; i++) sum += weights[indices[i] ?? 0] ?? 0;
  return indices.length === 0 ? bias : bias + sum / Math.sqrt(indices.length);
}

export interface WordFeatures {
  words: number;
  indices: ArrayLike<number>;
  /** End (exclusive) in `indices` of each word's features. */
  featureEnds: ArrayLike<number>;
}

let prefix: Int32Array = new Int32Array(1024);

/**
 * The highest logit over windows of `model.window` words and of half that, each sliding by half its size; a text
 * no longer than a window is one span. The most suspicious stretch counts, so an attack paragraph inside pages of
 * harmless text is not averaged away.
 */
export function maxWindowLogit(features: WordFeatures, model: LoadedModel): number {
  const { words, indices, featureEnds } = features;
  const { weights, bias, scale } = model;
  if (prefix.length < words + 1) prefix = new Int32Array(Math.max(words + 1, prefix.length * 2));
  // A local for the loops: the module binding would be reloaded on every access.
  const sums = prefix;
  // Integer prefix sums of the int8 weights, word by word: any span's sum in O(1).
  let sum = 0;
  let from = 0;
  sums[0] = 0;
  for (let w = 0; w < words; w++) {
    const to = featureEnds[w] ?? from;
    for (let i = from; i < to; i++) sum += weights[indices[i] ?? 0] ?? 0;
    sums[w + 1] = sum;
    from = to;
  }
  if (words === 0) return bias;
  let best = -Infinity;
  for (const window of [model.window, model.window >> 1]) {
    const stride = Math.max(1, window >> 1);
    for (let start = 0; start < words; start += stride) {
      const end = Math.min(words, start + window);
      const first = start === 0 ? 0 : (featureEnds[start - 1] ?? 0);
      const count = (featureEnds[end - 1] ?? 0) - first;
      const logit = bias + (scale * ((sums[end] ?? 0) - (sums[start] ?? 0))) / Math.sqrt(Math.max(1, count));
      if (logit > best) best = logit;
      if (end === words) break;
    }
  }
  return best;
}
