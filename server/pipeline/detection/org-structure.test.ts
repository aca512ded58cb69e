import { describe, expect, it } from 'vitest';
import { FIRM_SOURCE, firmMatches } from './org-structure';

// firmMatches finds the firm pattern's matches from the separators; a global search over every position is the reference.
const reference = (text: string) => [...text.matchAll(new RegExp(FIRM_SOURCE, 'gu'))].map((m) => [m.index, ...m]);
const found = (text: string) => firmMatches(text).map((m) => [m.index, ...m]);

describe('surname firm matches', () => {
  it.each([
    'He joined Becker-Shaffer in May, then Lowe, Price and Webb.',
    'Anna-Maria-Louise Smith, Jones and Brown',
    'McDonald-Smith and O’Neil-Bates, Carr and Dunn',
    'Ärzte-Über, Äbel and Öcker met at Müller-Lüdenscheidt.',
    '𐐀𐐨𐐯-𐐀𐐨 and 𐐀𐐯, 𐐀𐐨 and 𐐀𐐯',
    'A-B, C-d, Ab-Cd-Ef-Gh, -Xy, Ab-, , Ab, Cd and',
    'state-of-the-art, Non-Disclosure, Anti-Money Laundering',
    '',
  ])('gives what a global search gives: %s', (text) => {
    expect(found(text)).toEqual(reference(text));
  });
});
