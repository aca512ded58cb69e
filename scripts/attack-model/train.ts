// Trains the prompt-attack classifier and writes server/pipeline/detection/prompt-attack/attack-model.json.
//   npm run train:attack-model [-- --per-class 16000 --seed 7 --dump /tmp/examples.jsonl]
// Logistic regression (AdaGrad, L2; fit.ts) on hashed features (features.ts), trained on
//   - prompts generated from the grammars in this folder (generate.ts), and
//   - the licensed public corpus in ../shared/eval/train (SOURCES.md there): its `attack` rows against its `benign`
//     rows. Its `harmful_request` rows are left out: a harmful question is not an injection (the harm signals of
//     the guard handle those apart).
// The development sets (../shared/eval/*.jsonl) and testdata/ are never read here. How the recipe does on a kind of
// attack it never saw is measured by `npm run eval` (leave one source out).
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { logitOf } from '../../server/pipeline/detection/prompt-attack/linear-model';
import { encodeText, fit, quantize, readCorpus, shuffled } from './fit';
import type { Encoded } from './fit';
import { generateExamples } from './generate';

const outPath = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'server', 'pipeline', 'detection', 'prompt-attack', 'attack-model.json');

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

export const PER_CLASS = 16000;
export const SEED = 7;

/** Every training example of the shipped model (generated and corpus), in training order. */
export function trainingExamples(perClass = PER_CLASS, seed = SEED, leaveOut?: (source: string) => boolean): Encoded[] {
  const generated = generateExamples(perClass, seed).flatMap((e) => encodeText(e.text, e.attack ? 1 : 0, 'generated'));
  const corpus = readCorpus()
    .filter((row) => row.label !== 'harmful_request' && !(leaveOut?.(row.source) ?? false))
    .flatMap((row) => encodeText(row.text, row.label === 'attack' ? 1 : 0, row.source));
  return shuffled([...generated, ...corpus], seed);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const perClass = option('per-class', PER_CLASS);
  const seed = option('seed', SEED);
  const dumpAt = process.argv.indexOf('--dump');
  if (dumpAt >= 0) writeFileSync(process.argv[dumpAt + 1] ?? '/tmp/examples.jsonl', generateExamples(perClass, seed).map((e) => JSON.stringify(e)).join('\n'));
  const examples = trainingExamples(perClass, seed);
  const validationSize = Math.floor(examples.length / 10);
  const validation = examples.slice(0, validationSize);
  const training = examples.slice(validationSize);
  const { weights, bias } = fit(training, undefined, (line) => console.log(line));
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
  console.log(`random validation split (optimistic: same sources): accuracy ${(correct / validation.length).toFixed(4)}, false positives ${falsePositives}/${benign}`);
  writeFileSync(outPath, `${JSON.stringify(model)}\n`);
  console.log(`wrote ${outPath} from ${training.length} training examples`);
}
