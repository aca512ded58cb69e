// The PII misses of issue 14: 12-digit Maestro cards, postal codes on their own, firms and streets named after
// people, lower-case and non-English names. Each is checked with a near miss that must stay unflagged.
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../policies/engine';
import type { EnginePolicy } from '../../policies/engine';
import { defaultProtectionRules } from '../../policies/policies.seed';
import { detectEntities } from './index';

const found = (text: string) => detectEntities(text).map((e) => [e.type, e.text]);
const POLICY = { id: 'p', Name: 'Default protection', Type: 'Global Policy', Priority: 100, Enabled: true, AllTargets: true, Rules: defaultProtectionRules() } as unknown as EnginePolicy;

describe('PII the detectors used to miss', () => {
  it('finds 12-digit Luhn-valid Maestro cards in the card layout or after a card word', () => {
    expect(found('Pay with my card 6759 6498 2648 please')).toEqual([['CREDIT_CARD', '6759 6498 2648']]);
    expect(found('maestro: 675964982648')).toEqual([['CREDIT_CARD', '675964982648']]);
    // Twelve digits passing Luhn without a card word or layout, or failing Luhn, or without a Maestro prefix.
    expect(found('order number 675964982648 shipped').map(([t]) => t)).not.toContain('CREDIT_CARD');
    expect(found('card 6759 6498 2643').map(([t]) => t)).not.toContain('CREDIT_CARD');
    expect(found('card 4111 1111 1113').map(([t]) => t)).not.toContain('CREDIT_CARD');
  });

  it('finds postal codes after a cue or in the UK and Canadian formats, not bare five-digit numbers', () => {
    expect(found('ZIP: 10001')).toEqual([['ADDRESS', '10001']]);
    expect(found('my zip is 94105-1234.')).toEqual([['ADDRESS', '94105-1234']]);
    expect(found('postcode SW1A 1AA')).toEqual([['ADDRESS', 'SW1A 1AA']]);
    expect(found('Send it to K1A 0B6 please')).toEqual([['ADDRESS', 'K1A 0B6']]);
    expect(found('PLZ 10115 Berlin').map(([t, v]) => [t, v])).toContainEqual(['ADDRESS', '10115']);
    expect(found('The order 94105 shipped with 12345 items')).toEqual([]);
    expect(found('zip it up and put a cap on 2000 users')).toEqual([]);
  });

  it('types "<surname> and Sons" firms as organizations', () => {
    expect(found('We hired Johnson and Sons for the roof.')).toEqual([['ORGANIZATION', 'Johnson and Sons']]);
    expect(found('Smith, Jones & Partners LLP sent the bill')).toEqual([['ORGANIZATION', 'Smith, Jones & Partners LLP']]);
    expect(found('I want you to act as a Podcast Producer and Sonic Storyteller').map(([t]) => t)).not.toContain('ORGANIZATION');
  });

  it('types streets shaped like a person\'s name as addresses', () => {
    expect(found('Turn left on Emily Carter Road and stop.')).toEqual([['ADDRESS', 'Emily Carter Road']]);
    expect(found('The shop on Martin Luther King Drive is closed.')).toEqual([['ADDRESS', 'Martin Luther King Drive']]);
    expect(found('Emily Carter wrote the report.')).toEqual([['PERSON', 'Emily Carter']]);
  });

  it('finds lower-case names after a cue, and leaves everyday words after the same cues alone', () => {
    expect(found('my name is john smith and I need help')).toEqual([['PERSON', 'john smith']]);
    expect(found('I met with anna kowalski yesterday')).toEqual([['PERSON', 'anna kowalski']]);
    expect(found('Je m’appelle jean dupont, merci')).toEqual([['PERSON', 'jean dupont']]);
    expect(found('Can you email john about it? Thanks')).toEqual([['PERSON', 'john']]);
    expect(found('I went for a walk with my dog. This is great work, thanks')).toEqual([]);
    expect(found('Ask grace to send the report')).toEqual([]);
  });

  it('anonymizes lower-case names through the default policy', () => {
    const prompt = 'Hi, my name is maria garcia, draft a letter for me';
    const result = evaluate(prompt, [POLICY]);
    expect(result.transformedPrompt).toBe('Hi, my name is <PERSON_1>, draft a letter for me');
    expect(result.vault['<PERSON_1>']).toBe('maria garcia');
  });
});
