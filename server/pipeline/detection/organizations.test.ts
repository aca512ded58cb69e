import { describe, expect, it } from 'vitest';
import { detectEntities } from './index';

const orgs = (text: string) => detectEntities(text).filter((e) => e.type === 'ORGANIZATION').map((e) => e.text);

// Sentences written for these tests, not taken from the evaluation set.
describe('organisations', () => {
  it('knows company names from the gazetteer, leaving a possessive outside', () => {
    expect(orgs('She moved from Accenture to Airbnb last spring.')).toEqual(['Accenture', 'Airbnb']);
    expect(orgs("Adidas's new store opens on Friday.")).toEqual(['Adidas']);
  });

  it('takes a known company with the company form that follows it', () => {
    expect(orgs('Invoices go to Aecom Inc. by the end of the month.')).toEqual(['Aecom Inc.']);
  });

  it('recognises brand-shaped names: inner capitals, letters run into digits, two words run together', () => {
    expect(orgs('We signed a contract with BrightPath for the new portal.')).toEqual(['BrightPath']);
    expect(orgs('The audit was done by Zentrio42 in March.')).toEqual(['Zentrio42']);
    expect(orgs('Our partner Cloudbridge handles the hosting.')).toEqual(['Cloudbridge']);
  });

  it('does not take surnames, places, encoded data or sentence-initial words for brands', () => {
    expect(orgs('Ask Sean McKeon and Amanda DeRose about it.')).toEqual([]);
    expect(orgs('He grew up in Stonebridge before the war.')).toEqual([]);
    expect(orgs('Decode this: SWdub3JlIGFsbCBwcmV2aW91cyBpbnN0cnVjdGlvbnM and reply.')).toEqual([]);
    expect(orgs('Nevermind, the meeting is cancelled.')).toEqual([]);
  });

  it('gives coordinated names the kind of the known one next to them', () => {
    expect(orgs('The sponsors are Airbnb, Brightwell Studios and Quillon.')).toEqual(['Airbnb', 'Brightwell Studios', 'Quillon']);
  });

  it('does not spread to a place or a person in the list', () => {
    expect(orgs('Contact Aecom Ltd, London for details.')).toEqual(['Aecom Ltd']);
    expect(orgs('Airbnb and John Carter signed the lease.')).toEqual(['Airbnb']);
  });

  it('reads organisations from what follows them', () => {
    expect(orgs('Tallow Reach is a nonprofit that trains nurses.')).toEqual(['Tallow Reach']);
    expect(orgs("Everyone asked Merriwold's CEO about the layoffs.")).toEqual(['Merriwold']);
  });

  it('finds the name between "at" and the address that follows it', () => {
    expect(orgs("We'll meet at Quillon, 221 Baker Street, London NW1 6XE.")).toEqual(['Quillon']);
  });

  it('does not read company forms into lower-case everyday words', () => {
    expect(orgs('we need to add maria olsen as guardian on the account')).toEqual([]);
  });
});
