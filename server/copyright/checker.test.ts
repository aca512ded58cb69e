import { describe, expect, it } from 'vitest';
import { checkAnswer } from './checker';
import { FingerprintIndex } from './fingerprint-index';
import { kgramHashes, tokenize, winnow } from './fingerprint';

const PARAGRAPH =
  'The lighthouse keeper climbed the spiral stairs every evening at dusk, carrying a brass lantern and a notebook ' +
  'in which he recorded the colour of the sea, the direction of the wind and the names of every ship that passed ' +
  'beneath the cliffs on its way to the northern harbour.';
const OTHER =
  'Quarterly revenue grew in every region except the south, where a late harvest delayed shipments of grain to the ' +
  'coastal mills and the board decided to postpone the opening of two new warehouses until the spring.';
const BOOK = `Chapter one.\n\nIt was a cold morning in the valley.\n\n${PARAGRAPH}\n\nThe next day the storm arrived.`;

function worksIndex(): FingerprintIndex {
  const index = new FingerprintIndex();
  index.add('book', 'The Keeper (novel)', BOOK);
  index.add('report', 'Annual report', OTHER);
  return index;
}

describe('fingerprints', () => {
  it('ignore case, whitespace and punctuation', () => {
    const a = tokenize('Hello,   WORLD! It is   a fine day; isn’t it?');
    const b = tokenize('hello world it is a fine day isn t it');
    expect([...a.hashes]).toEqual([...b.hashes]);
    expect(a.starts[1]).toBe(9);
  });

  it('winnowing keeps at least one fingerprint of every window', () => {
    const grams = kgramHashes(tokenize(PARAGRAPH).hashes);
    const kept = winnow(grams);
    const positions = kept.filter((_, index) => index % 2 === 1);
    for (let start = 0; start + 4 <= grams.length; start += 1) expect(positions.some((position) => position >= start && position < start + 4)).toBe(true);
    expect(positions.length).toBeLessThan(grams.length);
  });
});

describe('checkAnswer against protected works', () => {
  it('matches a paragraph repeated verbatim, with the spans in the answer and the source', () => {
    const answer = `Here is what you asked for. ${PARAGRAPH} I hope this helps.`;
    const result = checkAnswer(answer, { works: worksIndex(), licences: false });
    expect(result.matches).toHaveLength(1);
    const [match] = result.matches;
    expect(match!.WorkId).toBe('book');
    expect(answer.slice(match!.AnswerStart, match!.AnswerEnd)).toBe(PARAGRAPH.slice(0, -1));
    expect(BOOK.slice(match!.SourceStart!, match!.SourceEnd!)).toBe(PARAGRAPH.slice(0, -1));
    expect(match!.Coverage).toBeGreaterThan(0.8);
    expect(match!.Coverage).toBeLessThan(1);
    expect(result.coverage).toBe(match!.Coverage);
  });

  it('matches the paragraph with changed spacing, case, punctuation and one changed word', () => {
    const changed = PARAGRAPH.toUpperCase().replace(/ /g, '   \n').replace(/,/g, ' ;').replace('BRASS', 'COPPER');
    const answer = `Sure:\n\n${changed}`;
    const result = checkAnswer(answer, { works: worksIndex(), licences: false });
    expect(result.matches).toHaveLength(1);
    const [match] = result.matches;
    expect(match!.WorkId).toBe('book');
    expect(answer.slice(match!.AnswerStart, match!.AnswerEnd)).toBe(changed.slice(0, -1));
    expect(BOOK.slice(match!.SourceStart!, match!.SourceEnd!)).toBe(PARAGRAPH.slice(0, -1));
    expect(match!.CopiedWords).toBeGreaterThan(40);
  });

  it('does not match a paraphrase of the paragraph', () => {
    const paraphrase =
      'Each night as the sun went down, the man who kept the lighthouse went up its winding staircase with a lamp ' +
      'made of brass and a small book, writing down how the sea looked, where the wind blew from and which vessels ' +
      'sailed under the cliffs toward the harbour in the north.';
    expect(checkAnswer(paraphrase, { works: worksIndex(), licences: true }).matches).toEqual([]);
  });

  it('does not match a short common phrase shared with a work', () => {
    const index = new FingerprintIndex();
    index.add('contract', 'Contract', 'This agreement is governed by the laws of the state and all rights reserved to the parties. ' + OTHER);
    const answer = 'In general, this agreement is governed by the laws of the state where the company is registered, and you should ask a lawyer.';
    expect(checkAnswer(answer, { works: index, licences: true }).matches).toEqual([]);
  });

  it('finds nothing once the work is removed from the index, and the other work still', () => {
    const index = worksIndex();
    index.remove('book');
    expect(checkAnswer(PARAGRAPH, { works: index, licences: false }).matches).toEqual([]);
    expect(checkAnswer(OTHER, { works: index, licences: false }).matches.map((match) => match.WorkId)).toEqual(['report']);
  });

  it('respects a higher minimum number of copied words', () => {
    expect(checkAnswer(PARAGRAPH, { works: worksIndex(), licences: false, minTokens: 200 }).matches).toEqual([]);
  });
});

describe('checkAnswer against licences', () => {
  it('flags code carrying the GPL header with its licence', () => {
    const code = [
      '/*',
      ' * fastsort - a sorting library',
      ' * Copyright (C) 2021  Jane Developer',
      ' *',
      ' * This program is free software: you can redistribute it and/or modify',
      ' * it under the terms of the GNU General Public License as published by',
      ' * the Free Software Foundation, either version 3 of the License, or',
      ' * (at your option) any later version.',
      ' *',
      ' * This program is distributed in the hope that it will be useful,',
      ' * but WITHOUT ANY WARRANTY; without even the implied warranty of',
      ' * MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the',
      ' * GNU General Public License for more details.',
      ' */',
      'export function sort(values) { return [...values].sort((a, b) => a - b); }',
    ].join('\n');
    const result = checkAnswer(code, { works: null, licences: true });
    const licences = result.matches.filter((match) => match.Kind === 'licence');
    expect(licences).toHaveLength(1);
    expect(licences[0]!.LicenceId).toBe('GPL-3.0-or-later');
    expect(code.slice(licences[0]!.AnswerStart, licences[0]!.AnswerEnd)).toMatch(/^This program is free software.*more details$/s);
    // Off: not checked.
    expect(checkAnswer(code, { works: null, licences: false }).matches).toEqual([]);
  });

  it('flags the Apache header and an SPDX-License-Identifier tag', () => {
    const code =
      '// SPDX-License-Identifier: GPL-2.0-only\n' +
      '// Licensed under the Apache License, Version 2.0 (the "License"); you may not use this file except in compliance with the License.\n' +
      '// You may obtain a copy of the License at http://www.apache.org/licenses/LICENSE-2.0\n' +
      '// Unless required by applicable law or agreed to in writing, software distributed under the License is distributed on an "AS IS" BASIS.\n' +
      'int main() { return 0; }\n';
    const result = checkAnswer(code, { works: null, licences: true });
    expect(result.matches.find((match) => match.Kind === 'licence_tag')).toMatchObject({ LicenceId: 'GPL-2.0-only', AnswerStart: 3 });
    expect(result.matches.find((match) => match.Kind === 'licence')).toMatchObject({ LicenceId: 'Apache-2.0' });
  });

  it('does not flag ordinary code or prose', () => {
    const code = 'function add(a, b) {\n  // adds two numbers and returns the result to the caller\n  return a + b;\n}\n';
    expect(checkAnswer(code + OTHER, { works: null, licences: true }).matches).toEqual([]);
  });
});
