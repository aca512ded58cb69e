import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { normalize } from '../../server/pipeline/detection/prompt-attack/normalize';
import { generateExamples } from './generate';
import { Random, expand } from './grammar';
import { REPO_PROMPT_FILES } from './repo-prompts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const evaluationFiles = [join(root, '..', 'shared', 'eval', 'prompts-dev.jsonl'), ...REPO_PROMPT_FILES];

function words(text: string): string[] {
  return normalize(text).split(/[^\p{L}\p{N}']+/u).filter(Boolean);
}

/** Every run of `n` consecutive words, except runs of letters spelled out one by one ("i g n o r e ..."). */
function shingles(text: string, n: number): string[] {
  const w = words(text);
  return Array.from({ length: Math.max(0, w.length - n + 1) }, (_, i) => w.slice(i, i + n)).filter((run) => run.filter((x) => x.length === 1).length < n / 2).map((run) => run.join(' '));
}

describe('template grammar', () => {
  it('expands slots, alternatives, optional parts and escaped brackets', () => {
    const slots = { greeting: ['hello', 'hi'], name: ['[Ann|Bob]'] };
    const seen = new Set(Array.from({ length: 200 }, (_, i) => expand('{greeting} [dear |]{name} \\[x\\]', slots, new Random(i + 1))));
    expect(seen).toEqual(new Set(['Hello dear Ann [x]', 'Hello dear Bob [x]', 'Hello Ann [x]', 'Hello Bob [x]', 'Hi dear Ann [x]', 'Hi dear Bob [x]', 'Hi Ann [x]', 'Hi Bob [x]']));
  });

  it('refuses an unknown slot', () => {
    expect(() => expand('{nope}', {}, new Random(1))).toThrow(/unknown slot/);
  });
});

describe('generated training prompts', () => {
  const examples = generateExamples(3000, 7);

  it('are balanced, distinct and deterministic for a seed', () => {
    expect(examples.filter((e) => e.attack)).toHaveLength(3000);
    expect(examples.filter((e) => !e.attack)).toHaveLength(3000);
    expect(new Set(examples.map((e) => e.text)).size).toBe(examples.length);
    expect(generateExamples(50, 7)).toEqual(generateExamples(50, 7));
  });

  it('share no eight-word passage with any evaluation prompt', () => {
    const training = new Set(examples.flatMap((e) => shingles(e.text, 8)));
    const leaks: string[] = [];
    for (const file of evaluationFiles) {
      for (const line of readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '')) {
        const { text } = JSON.parse(line) as { text: string };
        for (const shingle of shingles(text, 8)) if (training.has(shingle)) leaks.push(shingle);
      }
    }
    expect(leaks).toEqual([]);
  });
});
