/**
 * The learned attack classifier: a logistic regression over hashed word, word-pair and character-trigram
 * features (features.ts), trained by scripts/attack-model/train.ts and committed as attack-model.json
 * (int8 weights, base64). Long prompts are scored window by window (linear-model.ts).
 */
import model from './attack-model.json';
import type { WordsView } from './features';
import { loadModel, maxWindowLogit } from './linear-model';
import type { AttackModel, LoadedModel } from './linear-model';

const MODEL = loadModel(model as AttackModel);

/** Probability in 0..1 that the prompt whose words are `view` (see walkWords) is an attack. */
export function classifierProbability(view: WordsView, model: LoadedModel = MODEL): number {
  return 1 / (1 + Math.exp(-maxWindowLogit(view, model)));
}
