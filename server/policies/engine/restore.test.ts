import { describe, expect, it } from 'vitest';
import { createStreamingRestorer, evaluate, restore } from './index';
import type { Vault } from './index';
import { entities, testPolicy } from './test-policies';

const vault: Vault = { '<PERSON_1>': 'Jane Doe', '<PERSON_10>': 'Tenth Person', '<EMAIL_ADDRESS_2>': 'jane@example.com' };
const answer = 'Dear <PERSON_1>, write to <EMAIL_ADDRESS_2>. <PERSON_10> and <UNKNOWN_1> say 1 < 2 and <PERSON_1>';
const restored = 'Dear Jane Doe, write to jane@example.com. Tenth Person and <UNKNOWN_1> say 1 < 2 and Jane Doe';

function streamed(chunks: string[]): string {
  const restorer = createStreamingRestorer(vault);
  return chunks.map((chunk) => restorer.push(chunk)).join('') + restorer.flush();
}

describe('restoring anonymized values', () => {
  it('puts the real values back and leaves unknown placeholders', () => {
    expect(restore(answer, vault)).toBe(restored);
  });

  it('restores a streamed answer split at every possible position', () => {
    for (let cut = 0; cut <= answer.length; cut++) {
      expect(streamed([answer.slice(0, cut), answer.slice(cut)]), `cut at ${cut}`).toBe(restored);
    }
  });

  it('restores a streamed answer split at every pair of positions and one character at a time', () => {
    for (let a = 0; a <= answer.length; a += 3) {
      for (let b = a; b <= answer.length; b += 2) {
        expect(streamed([answer.slice(0, a), answer.slice(a, b), answer.slice(b)]), `cuts at ${a}, ${b}`).toBe(restored);
      }
    }
    expect(streamed([...answer])).toBe(restored);
  });

  it('sends text as soon as it cannot be part of a placeholder', () => {
    const restorer = createStreamingRestorer(vault);
    expect(restorer.push('Hello <PER')).toBe('Hello ');
    expect(restorer.push('SON_1')).toBe('');
    expect(restorer.push('> and <b>bold')).toBe('Jane Doe and <b>bold');
    expect(restorer.push(' <PERSON_1')).toBe(' ');
    expect(restorer.push('0> ok')).toBe('Tenth Person ok');
    expect(restorer.push(' <PERSON_')).toBe(' ');
    expect(restorer.flush()).toBe('<PERSON_');
  });

  it('round-trips a prompt anonymized by the engine', () => {
    const result = evaluate('Mail jane@example.com and bob@example.com', [testPolicy('Global Policy', [entities('anonymize', ['EMAIL_ADDRESS'])])]);
    const reply = `I wrote to ${result.placeholders.map((p) => p.placeholder).join(' and ')}.`;
    expect(restore(reply, result.vault)).toBe('I wrote to jane@example.com and bob@example.com.');
    const restorer = createStreamingRestorer(result.vault);
    expect([...reply].map((ch) => restorer.push(ch)).join('') + restorer.flush()).toBe('I wrote to jane@example.com and bob@example.com.');
  });

  it('does not read $ patterns in values as replacement syntax', () => {
    expect(restore('<PERSON_1>', { '<PERSON_1>': "$& $1 $'" })).toBe("$& $1 $'");
  });
});
