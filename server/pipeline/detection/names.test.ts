import { describe, expect, it } from 'vitest';
import { detectEntities } from './index';

const people = (text: string) => detectEntities(text).filter((e) => e.type === 'PERSON').map((e) => e.text);

// Sentences written for these tests, not taken from the evaluation set.
describe('person names', () => {
  it('extends a known given name over an everyday word used as the family name', () => {
    expect(people('Write a short note to Jane Doe at jane.doe@example.com')).toEqual(['Jane Doe']);
    const found = detectEntities('Write a short note to Jane Doe at jane.doe@example.com');
    expect(found.find((e) => e.type === 'EMAIL_ADDRESS')?.text).toBe('jane.doe@example.com');
    expect(people('We thanked Emma Stone for the photos.')).toEqual(['Emma Stone']);
  });

  it('reads all-lower-case text whose only name candidate is a run of particles without failing', () => {
    // It threw a TypeError before (a lower-cased Italian prompt of the training corpus met it).
    expect(people('see a della')).toEqual([]);
    expect(people('ho visto la casa di della van der rossi ieri')).toEqual(expect.any(Array));
  });

  it('keeps several given names and a family name together, and a title apart', () => {
    expect(people('Ana María López will join the call.')).toEqual(['Ana María López']);
    expect(people('Please forward it to Dr. Jane Doe before noon.')).toEqual(['Dr.', 'Jane Doe']);
    expect(people('Ask Mr. Doe about the invoice.')).toEqual(['Mr.', 'Doe']);
  });

  it('finds a part of a name seen in full earlier in the text', () => {
    expect(people('I met Jane Doe on Monday. Later, Doe said the contract was ready.')).toEqual(['Jane Doe', 'Doe']);
    expect(people('Olga Kakuta opened the session; Kakuta then handed over to the panel.')).toEqual(['Olga Kakuta', 'Kakuta']);
    expect(people('Mr. Doe phoned. Doe wants a refund.')).toEqual(['Mr.', 'Doe', 'Doe']);
  });

  it('does not read a part of a name into the same word used otherwise', () => {
    // "Doe" opens the sentence without a verb after it: the animal, not the person.
    expect(people('I met Jane Doe on Monday. Doe deer were grazing nearby.')).toEqual(['Jane Doe']);
    // Without any full name nothing is repeated.
    expect(people('The doe and her fawn crossed the road.')).toEqual([]);
  });

  it('does not extend over sentence-initial everyday words, title case or product names', () => {
    expect(people('Will Power Tools ship the order today?')).toEqual([]);
    expect(people('May I ask a question about the invoice?')).toEqual([]);
    expect(people('Meet Jane Before Lunch')).toEqual(['Jane']);
    expect(people('The recording was sent to Claude Desktop users.')).not.toContain('Claude Desktop');
    expect(people('Green Energy Partners announced a new plant.')).toEqual([]);
  });

  it('looks a possessive name up without its "\'s"', () => {
    expect(people("As agreed, here's Liam's new phone number.")).toEqual(['Liam']);
  });

  it('takes a name after a verb about people even when the name is a place or an everyday word', () => {
    expect(people('Noah shouted at Tyler across the yard.')).toEqual(['Noah', 'Tyler']);
    expect(people('Lucas had given Maria his keys.')).toEqual(['Lucas', 'Maria']);
    // A place cue without such a verb still makes it a place.
    expect(people('We drove to Tyler last week.')).toEqual([]);
  });

  it('takes an unknown word for a name when only a person can follow it', () => {
    expect(people("Gregorina's address changed last month.")).toEqual(['Gregorina']);
    expect(people('Kotoya shouted from the balcony.')).toEqual(['Kotoya']);
  });

  it('does not take contractions or the word IBAN for names', () => {
    expect(people("Hi Romilda, I'm writing about my order.")).toEqual(['Romilda']);
    expect(people('My IBAN is GB82WEST12345698765432')).toEqual([]);
  });
});
