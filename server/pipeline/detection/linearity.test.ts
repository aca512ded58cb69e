// Detection must be linear in the input's length: a gateway message of a million characters without spaces once held
// the event loop for minutes. Timings on a shared machine are noisy, so each input is timed several times
// (interleaved with the reference) and the fastest run counts; the bounds are generous, the super-linear code was
// orders of magnitude over them.
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../policies/engine';
import type { EnginePolicy } from '../../policies/engine';
import { defaultProtectionRules } from '../../policies/policies.seed';
import { countTokens } from '../tokens';
import { detectPromptAttack } from './index';

const POLICY = { id: 'p', Name: 'Default protection', Type: 'Global Policy', Priority: 100, Enabled: true, AllTargets: true, Rules: defaultProtectionRules() } as unknown as EnginePolicy;

/**
 * What the pipeline runs over a prompt: the guard (over the prompt, and over a passage: untrusted data has signals of
 * its own), the default policy's detectors (entities, secrets) and a token count.
 */
function pipelineWork(text: string): void {
  detectPromptAttack(text);
  detectPromptAttack(text, undefined, 'data');
  evaluate(text, [POLICY]);
  countTokens(text);
}

const repeat = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
const WORDS = 'Please review the quarterly report and summarise the main risks for the board meeting next week. ';
const noSpaces = (length: number) => {
  let seed = 7;
  let text = '';
  while (text.length < length) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    text += 'abcdefghijklmnopqrstuvwxyz'[seed % 26];
  }
  return text;
};

/**
 * The fastest of a few runs of each text, interleaved. Each run drops a different number of characters from the end:
 * the tokenizer caches what it merged, and an identical second run would only measure that cache.
 */
function fastest(texts: readonly string[], rounds: number): number[] {
  const best = texts.map(() => Infinity);
  for (let round = 0; round < rounds; round++) {
    texts.forEach((text, index) => {
      const variant = text.slice(0, text.length - round);
      const startedAt = performance.now();
      pipelineWork(variant);
      best[index] = Math.min(best[index]!, performance.now() - startedAt);
    });
  }
  return best;
}

describe('detection time is linear in the input length', () => {
  it('scans 1 MB of one repeated character or of letters without spaces in about the time of 1 MB of words', () => {
    const size = 1_000_000;
    const [words, repeated, letters] = fastest([repeat(WORDS, size), 'a'.repeat(size), noSpaces(size)], 2);
    expect(repeated! / words!).toBeLessThan(3);
    expect(letters! / words!).toBeLessThan(3);
  }, 120_000);

  it('scans 1 MB of short quoted assignments ("a = \'x\' …", a split payload\'s shape) in about the time of 1 MB of words', () => {
    const size = 1_000_000;
    const [words, assignments] = fastest([repeat(WORDS, size), repeat("a = 'x' ", size)], 2);
    expect(assignments! / words!).toBeLessThan(3);
  }, 120_000);

  it('scans 1 MB of short coded runs (URL escapes, Morse) in about the time of 1 MB of words: decoded text is read once, bounded', () => {
    const size = 1_000_000;
    const [words, escaped, morse] = fastest([repeat(WORDS, size), repeat('a%20b%20c%20d ', size), repeat('.- -... / -.-. ', size)], 2);
    expect(escaped! / words!).toBeLessThan(4);
    expect(morse! / words!).toBeLessThan(4);
  }, 120_000);

  it('scans 80,000 characters without spaces well under a second', () => {
    const [repeated, letters] = fastest(['x'.repeat(80_000), noSpaces(80_000)], 2);
    expect(repeated).toBeLessThan(1_000);
    expect(letters).toBeLessThan(1_000);
  }, 60_000);

  // The shapes that were super-linear (dotted runs, thousands of short matches, long runs for the tokenizer) and the
  // costliest per character (streets, names): four times the text takes about four times as long (a quadratic part
  // would take sixteen; the bound is ten for a busy machine), and 80,000 characters stay within seconds (the super-linear code took 15 to 40 s).
  const shapes: Record<string, string> = {
    'letters and dots': 'a.',
    initials: 'A.',
    'host names': 'a.com ',
    'e-mail addresses': 'a@b.c ',
    'IP addresses': '1.1.1.1 ',
    punctuation: '!.,;:-',
    newlines: '\n',
    spaces: ' ',
    digits: '1',
    'repeated words': 'hello ',
    'names and titles': 'Dr John Smith, ',
    streets: '1 Main St ',
    // The announcement of a pasted document before a colon, over and over (pasted-document.ts).
    'documents announced': 'Summarize this email: reply ',
  };
  for (const [name, unit] of Object.entries(shapes)) {
    it(`scans ${name} in time linear in the length`, () => {
      pipelineWork(repeat(unit, 5_000)); // compiled before it is timed
      const [short, long] = fastest([repeat(unit, 10_000), repeat(unit, 80_000)], 3);
      expect(long! / Math.max(short!, 5)).toBeLessThan(24);
      expect(long).toBeLessThan(3_000);
    }, 60_000);
  }
});
