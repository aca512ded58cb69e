import { describe, expect, it } from 'vitest';
import { detectEntities } from './index';

const spans = (text: string) => detectEntities(text).map(({ type, start, end }) => ({ type, start, end, text: text.slice(start, end) }));
const at = (text: string, part: string, type: string, from = 0) => {
  const start = text.indexOf(part, from);
  return { type, start, end: start + part.length, text: part };
};

describe('names, places, organisations and addresses', () => {
  it('finds full names, titled names and names after cues', () => {
    const text = 'My name is Tamara Kovalev and I work with Dr. James Wilson. Hi Jesenko, thanks!';
    expect(spans(text)).toEqual([
      at(text, 'Tamara Kovalev', 'PERSON'),
      at(text, 'Dr. James Wilson', 'PERSON'),
      at(text, 'Jesenko', 'PERSON'),
    ]);
  });

  it('extends a recognised name to the names listed with it', () => {
    const text = 'The founders were Kovalev, Lee and Phillips.';
    expect(spans(text).filter((e) => e.type === 'PERSON').map((e) => e.text)).toEqual(['Kovalev', 'Lee', 'Phillips']);
  });

  it('does not take ordinary capitalised words for names', () => {
    expect(spans('Will you bring the Green report? Mark it as done.')).toEqual([]);
  });

  it('finds countries, cities and organisations', () => {
    const text = 'I moved from Austria to Czech Republic and now work at Nordwind Logistics GmbH.';
    expect(spans(text)).toEqual([
      at(text, 'Austria', 'LOCATION'),
      at(text, 'Czech Republic', 'LOCATION'),
      at(text, 'Nordwind Logistics GmbH', 'ORGANIZATION'),
    ]);
  });

  it('finds street addresses with their unit, city, state and postcode', () => {
    const us = 'Send it to 4022 Oakridge Lane, Suite 680, Dallas, TX 48486 please.';
    expect(spans(us)).toEqual([at(us, '4022 Oakridge Lane, Suite 680, Dallas, TX 48486', 'ADDRESS')]);
    const de = 'Christina lives at 95 Auerstrasse 84, Hunderdorf.';
    expect(spans(de)).toEqual([at(de, 'Christina', 'PERSON'), at(de, '95 Auerstrasse 84, Hunderdorf', 'ADDRESS')]);
    const box = 'Ship to PSC 1139, Box 7638\nAPO AP 94917 now';
    expect(spans(box)).toEqual([at(box, 'PSC 1139, Box 7638\nAPO AP 94917', 'ADDRESS')]);
  });

  it('lets structured numbers win over an address that runs into them', () => {
    const text = '16 Salontie 6\nUrjala\nMaldives 58673\n042 078 6381 office';
    expect(spans(text)).toEqual([at(text, '16 Salontie 6\nUrjala\nMaldives 58673', 'ADDRESS'), at(text, '042 078 6381', 'PHONE_NUMBER')]);
  });

  it('filters by type', () => {
    const text = 'Email Tamara Kovalev at tk@example.com';
    expect(detectEntities(text, { types: ['EMAIL_ADDRESS'] }).map((e) => e.type)).toEqual(['EMAIL_ADDRESS']);
  });
});
