// Trains the prompt-attack classifier and writes server/pipeline/detection/prompt-attack/attack-model.json.
//   npm run train:attack-model [-- --per-class 16000 --epochs 8 --seed 7 --l2 2e-4 --dump /tmp/examples.jsonl]
// Logistic regression (AdaGrad, L2) on hashed features (features.ts), trained only on prompts generated from the
// grammars in this folder; the shared evaluation sets and testdata/ are never read here. Prints the accuracy on a
// generated validation split, which is optimistic: judge the model with `npm run eval` instead.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FEATURE_BITS, extractFeatures } from '../../server/pipeline/detection/prompt-attack/features';
import { logitOf } from '../../server/pipeline/detection/prompt-attack/linear-model';
import { normalize } from '../../server/pipeline/detection/prompt-attack/normalize';
import { generateExamples } from './generate';

const WINDOW = 64;
const outPath = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'server', 'pipeline', 'detection', 'prompt-attack', 'attack-model.json');

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

const perClass = option('per-class', 16000);
const epochs = option('epochs', 8);
const seed = option('seed', 7);
const l2 = option('l2', 2e-4);
const rate = option('rate', 0.3);

const examples = generateExamples(perClass, seed);
const dumpAt = process.argv.indexOf('--dump');
if (dumpAt >= 0) writeFileSync(process.argv[dumpAt + 1] ?? '/tmp/examples.jsonl', examples.map((e) => JSON.stringify(e)).join('\n'));
const encoded = examples.map((e) => ({ indices: extractFeatures(normalize(e.text)).indices, y: e.attack ? 1 : 0 }));
const validationSize = Math.floor(encoded.length / 10);
const validation = encoded.slice(0, validationSize);
const training = encoded.slice(validationSize);

const size = 1 << FEATURE_BITS;
const weights = new Float32Array(size);
const squared = new Float32Array(size).fill(1e-8);
let bias = 0;
let biasSquared = 1e-8;

for (let epoch = 0; epoch < epochs; epoch++) {
  let loss = 0;
  for (const { indices, y } of training) {
    const p = 1 / (1 + Math.exp(-logitOf(weights, bias, indices)));
    const error = p - y;
    loss -= y ? Math.log(Math.max(p, 1e-12)) : Math.log(Math.max(1 - p, 1e-12));
    const norm = 1 / Math.sqrt(Math.max(1, indices.length));
    // Repeated features add up within one example, so gradients are accumulated per index first.
    const gradients = new Map<number, number>();
    for (const index of indices) gradients.set(index, (gradients.get(index) ?? 0) + error * norm);
    for (const [index, g0] of gradients) {
      const g = g0 + l2 * (weights[index] ?? 0);
      squared[index] = (squared[index] ?? 0) + g * g;
      weights[index] = (weights[index] ?? 0) - (rate * g) / Math.sqrt(squared[index] ?? 1);
    }
    biasSquared += error * error;
    bias -= (rate * error) / Math.sqrt(biasSquared);
  }
  console.log(`epoch ${epoch + 1}: mean log-loss ${(loss / training.length).toFixed(4)}`);
}

let maxAbs = 0;
for (const w of weights) maxAbs = Math.max(maxAbs, Math.abs(w));
const scale = maxAbs / 127;
const bytes = new Int8Array(size);
for (let i = 0; i < size; i++) bytes[i] = Math.round((weights[i] ?? 0) / scale);
const quantized = Float32Array.from(bytes, (b) => b * scale);

let correct = 0;
let falsePositives = 0;
let benign = 0;
for (const { indices, y } of validation) {
  const attack = logitOf(quantized, bias, indices) > 0;
  if (attack === (y === 1)) correct++;
  if (y === 0) {
    benign++;
    if (attack) falsePositives++;
  }
}
console.log(`generated validation: accuracy ${(correct / validation.length).toFixed(4)}, false positives ${falsePositives}/${benign}`);

const model = { bits: FEATURE_BITS, bias: Math.round(bias * 1e6) / 1e6, scale, window: WINDOW, weights: Buffer.from(bytes.buffer).toString('base64') };
writeFileSync(outPath, `${JSON.stringify(model)}\n`);
console.log(`wrote ${outPath} from ${training.length} training prompts`);
