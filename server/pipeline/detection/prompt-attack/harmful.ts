/**
 * The harmful-request detector, apart from the attack guard: a plain request for harmful content ("how do I make
 * a pipe bomb", "write malware that ...") is no injection, yet a policy may block it with a rule of its own
 * (`harmful_request`). Its own logistic regression over the guard's features (harmful-model.json, trained by
 * `npm run train:harmful-model` on the corpus's harmful_request rows against its benign rows), combined as a
 * noisy-OR with the guard's harmful-topic cues.
 */
import { HARMFUL_REQUEST_DEFAULT_THRESHOLD } from '../../../../domain/schemas/policies';
import model from './harmful-model.json';
import { foldCharacters } from '../fold';
import { harmTopicHits } from './detect';
import { walkWords } from './features';
import { loadModel, maxWindowLogit } from './linear-model';
import type { AttackModel, LoadedModel } from './linear-model';
import { normalize } from './normalize';

/**
 * Chosen on the source-grouped cross-validation of `npm run eval` as the lowest score whose false positives on the
 * held-out benign sources stay within 2 % (hard) and 1 % (plain); see the detection README.
 */
export const HARMFUL_THRESHOLD = HARMFUL_REQUEST_DEFAULT_THRESHOLD;
/** The model's weight rises from 0 at probability FLOOR to AT_ALONE at probability ALONE. */
const FLOOR = 0.5;
const ALONE = 0.85;
const AT_ALONE = 0.5;

const MODEL = loadModel(model as AttackModel);

export interface HarmfulRequestResult {
  harmful: boolean;
  score: number;
  reasons: string[];
}

/** `model` replaces the shipped weights (the leave-one-source-out evaluation passes its own). */
export function detectHarmfulRequest(original: string, weights: LoadedModel = MODEL): HarmfulRequestResult {
  const normalized = normalize(foldCharacters(original));
  const words = walkWords(normalized);
  const probability = 1 / (1 + Math.exp(-maxWindowLogit(words, weights)));
  // The cues read the same words: take them before anything walks again.
  const hits = harmTopicHits(normalized, words);
  if (probability >= FLOOR) {
    const weight = Math.min(0.99, (AT_ALONE * (probability - FLOOR)) / (ALONE - FLOOR));
    hits.push({ family: 'learned harmful-request classifier', weight, evidence: `p=${probability.toFixed(2)}` });
  }
  let miss = 1;
  for (const hit of hits) miss *= 1 - hit.weight;
  const score = Math.round(Math.min(0.99, 1 - miss) * 1000) / 1000;
  const reasons = hits.sort((a, b) => b.weight - a.weight).map((h) => `${h.family}: '${h.evidence}'`);
  return { harmful: score >= HARMFUL_THRESHOLD, score, reasons };
}
