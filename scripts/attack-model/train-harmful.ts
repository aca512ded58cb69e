// Trains the harmful-request classifier and writes server/pipeline/detection/prompt-attack/harmful-model.json.
//   npm run train:harmful-model
// Logistic regression (fit.ts, RECIPE) on the guard's hashed features: the `harmful_request` rows of the licensed
// corpus in ../shared/eval/train (SOURCES.md there; prompt-attack/TRAINING-SOURCES.md) against its `benign` rows and
// the generated benign prompts (generate.ts); its `attack` rows are left out (an injection is the guard's business).
// Windowed, source-balanced and shuffled as the corpus recipe of the attack model. The development sets
// (../shared/eval/*.jsonl) and testdata/ are never read. Judge the model with `npm run eval` (leave one source out).
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RECIPE, SOURCE_BALANCE, encodeCorpus, encodeText, fit, quantize, readCorpus, shuffled } from './fit';
import type { CorpusRow, Encoded } from './fit';
import { generateExamples } from './generate';
import { PER_CLASS, SEED } from './train';

const outPath = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'server', 'pipeline', 'detection', 'prompt-attack', 'harmful-model.json');

/** The corpus rows the harmful-request model learns from: harmful requests and benign texts. */
export function harmfulRows(rows: readonly CorpusRow[] = readCorpus()): CorpusRow[] {
  return rows.filter((r) => r.label !== 'attack');
}

/** Generated benign prompts, encoded once (the leave-one-source-out folds share them). */
export function generatedBenign(): Encoded[] {
  const encoded = generateExamples(PER_CLASS, SEED).filter((e) => !e.attack).flatMap((e) => encodeText(e.text, 0, 'generated'));
  for (const e of encoded) e.weight = SOURCE_BALANCE.generated;
  return encoded;
}

/** The training examples, in training order. */
export function harmfulExamples(rows: readonly CorpusRow[], generated: readonly Encoded[]): Encoded[] {
  return shuffled([...generated, ...encodeCorpus(rows, 'harmful_request')], SEED);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const examples = harmfulExamples(harmfulRows(), generatedBenign());
  const { weights, bias } = fit(examples, RECIPE, (line) => console.log(line));
  const { model } = quantize(weights, bias);
  writeFileSync(outPath, `${JSON.stringify(model)}\n`);
  console.log(`wrote ${outPath} from ${examples.length} examples (corpus harmful_request against benign + generated benign)`);
}
