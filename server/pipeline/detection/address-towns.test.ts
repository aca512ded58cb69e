import { describe, expect, it } from 'vitest';
import { detectEntities } from './index';

const typed = (text: string) => detectEntities(text).map((e) => [e.type, e.text]);

describe('the town that closes an inline address', () => {
  it.each([
    ['Our office: 64 Via Capo le Case 143, Calino', 'Calino'],
    ['Her address: 59 Metsanurga 48, Vadsa.', 'Vadsa'],
    ['Send the parcel to 12 Harbour Road, Tarnowa.', 'Tarnowa'],
    ['He lives at 24 Kuefsteinstrasse 91, SANKT LORENZEN\nCall first.', 'SANKT LORENZEN'],
  ])('takes the unknown town after "%s" as a LOCATION', (text, town) => {
    expect(typed(text)).toContainEqual(['LOCATION', town]);
  });

  it('leaves a person after an address-shaped line, and words that are no town', () => {
    expect(typed('Copyright (c) 2013 Gary Court, Jens Taylor')).not.toContainEqual(['LOCATION', 'Jens Taylor']);
    expect(detectEntities('Visit 12 Main Street, Suite').filter((e) => e.type === 'LOCATION')).toEqual([]);
    expect(detectEntities('write to 64 via capo le case 143, calino').filter((e) => e.text === 'calino' && e.type === 'LOCATION')).toEqual([]);
  });
});
