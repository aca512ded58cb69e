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
    // The title is a span of its own, as annotated corpora label it apart from the name.
    expect(spans(text)).toEqual([
      at(text, 'Tamara Kovalev', 'PERSON'),
      at(text, 'Dr.', 'PERSON'),
      at(text, 'James Wilson', 'PERSON'),
      at(text, 'Jesenko', 'PERSON'),
    ]);
  });

  it('stops a name before a possessive and continues it over an unknown family name', () => {
    const text = 'They sang verses from Elizabeth Mitchell\'s Cautionary Tales.';
    expect(spans(text)).toEqual([at(text, 'Elizabeth Mitchell', 'PERSON')]);
    const lower = 'please follow up with natasha higuchi in 2 months.';
    expect(spans(lower).filter((e) => e.type === 'PERSON')).toEqual([at(lower, 'natasha higuchi', 'PERSON')]);
  });

  it('finds lower-case place names', () => {
    const text = 'the princess royal arrived at bauru this morning from bahrain.';
    expect(spans(text)).toEqual([at(text, 'bauru', 'LOCATION'), at(text, 'bahrain', 'LOCATION')]);
  });

  it('extends a recognised name to the names listed with it', () => {
    const text = 'The founders were Kovalev, Lee and Phillips.';
    expect(spans(text).filter((e) => e.type === 'PERSON').map((e) => e.text)).toEqual(['Kovalev', 'Lee', 'Phillips']);
  });

  it('does not take ordinary capitalised words for names', () => {
    expect(spans('Will you bring the Green report? Mark it as done.')).toEqual([]);
  });

  it('finds places that open with a word never taken alone ("New", "San")', () => {
    const text = 'She flew from New York to San José.';
    expect(spans(text)).toEqual([at(text, 'New York', 'LOCATION'), at(text, 'San José', 'LOCATION')]);
    expect(spans('The new plan starts in May.')).toEqual([]);
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
    const fr = 'The letter arrived at 01 4589 40th Street Suite 603 Calgary AB last night.';
    expect(spans(fr)).toEqual([at(fr, '01 4589 40th Street Suite 603 Calgary AB', 'ADDRESS')]);
    const box = 'Ship to PSC 1139, Box 7638\nAPO AP 94917 now';
    expect(spans(box)).toEqual([at(box, 'PSC 1139, Box 7638\nAPO AP 94917', 'ADDRESS')]);
  });

  it('splits a short inline address into building number, street and town', () => {
    const de = 'Christina lives at 95 Auerstrasse 84, Hunderdorf.';
    expect(spans(de)).toEqual([
      at(de, 'Christina', 'PERSON'),
      at(de, '95', 'ADDRESS'),
      at(de, 'Auerstrasse 84', 'ADDRESS'),
      at(de, 'Hunderdorf', 'LOCATION'),
    ]);
    const one = 'Send the parcel to 221 Baker Street please.';
    expect(spans(one)).toEqual([at(one, '221 Baker Street', 'ADDRESS')]);
  });

  it('labels a letter-block address piece by piece, with the organisation above it', () => {
    const text = 'Paula Bjelajac\nNordwind\n95 55 Halsey Road\n Suite 881\n HAYBOROUGH\n Thailand 52574';
    expect(spans(text)).toEqual([
      at(text, 'Paula Bjelajac', 'PERSON'),
      at(text, 'Nordwind', 'ORGANIZATION'),
      at(text, '95', 'ADDRESS'),
      at(text, '55 Halsey Road', 'ADDRESS'),
      at(text, 'Suite 881', 'ADDRESS'),
      at(text, 'HAYBOROUGH', 'LOCATION'),
      at(text, 'Thailand', 'LOCATION'),
      at(text, '52574', 'ADDRESS'),
    ]);
  });

  it('keeps an address introduced as such, or written with its state line, in one span', () => {
    const cue = "Here's my address:\n\n69 Roheline 43\n Apt. 305\n Lepassaare\n Marshall Islands 56293";
    expect(spans(cue).filter((e) => e.type === 'ADDRESS')).toEqual([at(cue, '69 Roheline 43\n Apt. 305\n Lepassaare\n Marshall Islands 56293', 'ADDRESS')]);
    const state = 'How do I change my address to 33 11 Barker Street\nZamayón\n, SA\n Australia 38447 for post mail?';
    expect(spans(state)).toEqual([at(state, '33 11 Barker Street\nZamayón\n, SA\n Australia 38447', 'ADDRESS')]);
  });

  it('labels an envelope line with the unit first piece by piece', () => {
    const text = 'Mrs. Diana Weöres Apt. 434 40 Rue de la Sarthe 421\nHousse WLG 95697';
    expect(spans(text).filter((e) => e.type !== 'PERSON')).toEqual([
      at(text, 'Apt. 434', 'ADDRESS'),
      at(text, '40', 'ADDRESS'),
      at(text, 'Rue de la Sarthe 421', 'ADDRESS'),
      at(text, 'Housse', 'LOCATION'),
      at(text, 'WLG', 'ADDRESS'),
      at(text, '95697', 'ADDRESS'),
    ]);
  });

  it('finds street corners and named streets', () => {
    const corner = 'Please return to the corner of Auenweg 85 and Kesä Street in case of an issue.';
    expect(spans(corner)).toEqual([at(corner, 'the corner of Auenweg 85 and Kesä Street', 'ADDRESS')]);
  });

  it('finds firms named after their partners when used as one name', () => {
    const text = 'We will meet Thursday at Jones, Mitchell and Williams, then at the Becker-Shaffer office.';
    expect(spans(text).filter((e) => e.type === 'ORGANIZATION').map((e) => e.text)).toEqual(['Jones, Mitchell and Williams', 'Becker-Shaffer']);
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
