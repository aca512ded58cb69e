// Trains the prompt-attack classifier and writes server/pipeline/detection/prompt-attack/attack-model.json.
//   npm run train:attack-model [-- --per-class 16000 --seed 7 --dump /tmp/examples.jsonl] [-- --with-corpus]
// Logistic regression (AdaGrad, L2; fit.ts) on hashed features (features.ts).
// Default (the shipped attack-model.json, reproduced byte for byte): prompts generated from the grammars in this
// folder only (generate.ts), in generation order, each encoded whole as extractFeatures(normalize(text)); the first
// tenth is the validation split; GENERATED_RECIPE (8 epochs, L2 2e-4, rate 0.3).
// --with-corpus (an option, not shipped): also the licensed public corpus in ../shared/eval/train (SOURCES.md there;
//   prompt-attack/TRAINING-SOURCES.md): its `attack` rows against its `benign` rows, folded and windowed (encodeText),
//   shuffled with the generated prompts; RECIPE. Its `harmful_request` rows are left out: a harmful question is not
//   an injection (the harm signals of the guard handle those apart). This is the recipe `npm run eval` retrains per
//   fold for leave one source out. Weights from it carry the attribution duties of TRAINING-SOURCES.md.
// The development sets (../shared/eval/*.jsonl) and testdata/ are never read here. The validation accuracy printed is
// optimistic: judge a model with `npm run eval`.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractFeatures } from '../../server/pipeline/detection/prompt-attack/features';
import { logitOf } from '../../server/pipeline/detection/prompt-attack/linear-model';
import { normalize } from '../../server/pipeline/detection/prompt-attack/normalize';
import { GENERATED_RECIPE, RECIPE, SOURCE_BALANCE, encodeCorpus, encodeText, fit, quantize, readCorpus, shuffled } from './fit';
import type { Encoded } from './fit';
import { generateExamples } from './generate';

const outPath = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'server', 'pipeline', 'detection', 'prompt-attack', 'attack-model.json');

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

export const PER_CLASS = 16000;
export const SEED = 7;

/** The examples of the shipped model: generated prompts only, in generation order, each encoded whole. */
export function generatedExamples(perClass = PER_CLASS, seed = SEED): Encoded[] {
  return generateExamples(perClass, seed).map((e) => ({ indices: Int32Array.from(extractFeatures(normalize(e.text)).indices), y: e.attack ? 1 : 0, source: 'generated' }));
}

/** The examples of the `--with-corpus` recipe (generated and corpus, windowed), in training order. */
export function corpusExamples(perClass = PER_CLASS, seed = SEED, leaveOut?: (source: string) => boolean): Encoded[] {
  const generated = generateExamples(perClass, seed).flatMap((e) => encodeText(e.text, e.attack ? 1 : 0, 'generated'));
  for (const e of generated) e.weight = SOURCE_BALANCE.generated;
  const corpus = encodeCorpus(readCorpus().filter((row) => row.label !== 'harmful_request' && !(leaveOut?.(row.source) ?? false)));
  return shuffled([...generated, ...corpus], seed);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const perClass = option('per-class', PER_CLASS);
  const seed = option('seed', SEED);
  const dumpAt = process.argv.indexOf('--dump');
  if (dumpAt >= 0) writeFileSync(process.argv[dumpAt + 1] ?? '/tmp/examples.jsonl', generateExamples(perClass, seed).map((e) => JSON.stringify(e)).join('\n'));
  const withCorpus = process.argv.includes('--with-corpus');
  const examples = withCorpus ? corpusExamples(perClass, seed) : generatedExamples(perClass, seed);
  const validationSize = Math.floor(examples.length / 10);
  const validation = examples.slice(0, validationSize);
  const training = examples.slice(validationSize);
  const { weights, bias } = fit(training, withCorpus ? RECIPE : GENERATED_RECIPE, (line) => console.log(line));
  const { model, loaded } = quantize(weights, bias);
  const quantized = Float32Array.from(loaded.weights, (b) => b * loaded.scale);
  let correct = 0;
  let falsePositives = 0;
  let benign = 0;
  for (const { indices, y } of validation) {
    const attack = logitOf(quantized, loaded.bias, indices) > 0;
    if (attack === (y === 1)) correct++;
    if (y === 0) {
      benign++;
      if (attack) falsePositives++;
    }
  }
  console.log(`${withCorpus ? 'random' : 'generated'} validation split (optimistic: same sources): accuracy ${(correct / validation.length).toFixed(4)}, false positives ${falsePositives}/${benign}`);
  writeFileSync(outPath, `${JSON.stringify(model)}\n`);
  console.log(`wrote ${outPath} from ${training.length} training examples (${withCorpus ? 'generated + corpus' : 'generated only'})`);
}
