import { describe, expect, it } from 'vitest';
import {
  BOX_ANCHOR,
  ENGLISH_SUFFIX_ANCHOR,
  FPO_ANCHOR,
  LEADING_KEYWORD_ANCHOR,
  NAMED_STREET_ANCHOR,
  STREET_SUFFIX_ANCHOR,
  keywordAnchorHits,
} from './address-anchors';

const ANCHORS = [ENGLISH_SUFFIX_ANCHOR, LEADING_KEYWORD_ANCHOR, BOX_ANCHOR, NAMED_STREET_ANCHOR, FPO_ANCHOR, STREET_SUFFIX_ANCHOR];
const PIECES = [
  'Street', 'street', 'STREET', 'st', 'St.', 'Ave', 'avenue', 'Avenue', 'rue', 'Rue', 'RUE', 'av', 'av.', 'allée', 'ALLÉE', 'Allée', 'travesía',
  'TRAVESÍA', 'praça', 'PRAÇA', 'box', 'BOX', 'Box', 'FPO', 'fpo', 'plaza', 'Drive', 'drive', 'Road', 'x', 'é', 'ç', '1', '42', '_', '-', "'",
  '.', ',', ' ', '  ', '\n', 'a', 'all', 'ſt', 'K', 'ul', 'ul.', 'via', 'viale', 'Boulevard', 'run', 'stay', 'Way', 'Close', 'Square', 'SQUARE',
];

function viaPatterns(text: string): Array<Array<[number, number]>> {
  return ANCHORS.map((anchor) => [...text.matchAll(anchor)].map((m): [number, number] => [m.index, m[0].length]));
}

describe('keywordAnchorHits', () => {
  it('finds what each anchor pattern finds, in the same order', () => {
    let seed = 5;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const texts = [
      'Send it to 40 rue Victor Hugo or 12 Avenue Foch, PO Box 12, USNS Comfort FPO AE 09579, 221 Baker Street.',
      'allée des Roses 4, Travesía del Mar 7, Praça da Sé 1. the box 7 on Main Street Drive',
    ];
    for (let i = 0; i < 20_000; i++) {
      let text = '';
      for (let k = 1 + random(16); k > 0; k--) text += PIECES[random(PIECES.length)];
      texts.push(text);
    }
    for (const text of texts) {
      const hits = keywordAnchorHits(text);
      expect(ANCHORS.map((anchor) => hits.get(anchor)), text).toEqual(viaPatterns(text));
    }
  });
});
