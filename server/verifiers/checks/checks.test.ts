// Table tests of the built-in checks: exact values on small fixtures, per metric and intensity.
import { describe, expect, it } from 'vitest';
import type { MetricIntensity, VerificationMetric } from '../../../domain/schemas/verifiers';
import { BUILT_IN_CHECKS } from '.';
import { contentWords, fold, sentences } from './text';
import { COUNTED_SEVERITIES, findToxicTerms, TOXIC_LEXICON } from './toxicity';

const EIFFEL = ['The Eiffel Tower is located in Paris. It was completed in 1889 and is 330 metres tall.'];

interface Row {
  metric: VerificationMetric;
  answer: string;
  prompt?: string;
  context?: string[];
  intensity?: MetricIntensity;
  value: number | null;
  detail?: RegExp;
}

const rows: Row[] = [
  // toxicity: mild 10, moderate 30, severe 60 per occurrence; Low counts severe, Medium moderate+, High all
  { metric: 'toxicity', answer: 'What a lovely day.', value: 0, detail: /no toxic terms/ },
  { metric: 'toxicity', answer: 'You are an idiot.', value: 30, detail: /"idiot" \(insult, moderate\)/ },
  { metric: 'toxicity', answer: 'You are an idiot and a moron.', value: 60 },
  { metric: 'toxicity', answer: 'You are an idiot.', intensity: 'Low', value: 0 },
  { metric: 'toxicity', answer: 'This is damn good.', value: 0 },
  { metric: 'toxicity', answer: 'This is damn good.', intensity: 'High', value: 10 },
  { metric: 'toxicity', answer: 'I will KILL   you.', intensity: 'Low', value: 60, detail: /threat, severe/ },
  { metric: 'toxicity', answer: 'Idiot, idiot, idiot, idiot.', value: 100, detail: /×4/ },
  { metric: 'toxicity', answer: 'Practise the skill yourself.', intensity: 'High', value: 0 },
  // bias: sweeping 50, stereotype 40, hedged 25; overlapping matches count once
  { metric: 'bias', answer: 'The report covers women in leadership.', value: 0, detail: /no generalisations/ },
  { metric: 'bias', answer: 'All women are bad drivers.', value: 50, detail: /"all women are" \(sweeping\)/ },
  { metric: 'bias', answer: 'Women are naturally worse at math.', value: 40 },
  { metric: 'bias', answer: 'Women are naturally worse at math.', intensity: 'Low', value: 0 },
  { metric: 'bias', answer: 'All women are naturally emotional.', value: 50 },
  { metric: 'bias', answer: 'Most immigrants are hard-working.', value: 0 },
  { metric: 'bias', answer: 'Most immigrants are hard-working.', intensity: 'High', value: 25 },
  { metric: 'bias', answer: 'Immigrants should not be allowed to vote. Old people can’t learn.', intensity: 'Low', value: 50 },
  { metric: 'bias', answer: 'Immigrants should not be allowed to vote. Old people can’t learn.', value: 90 },
  // grounding: claims are sentences of 3+ content words; supported at >= 0.3 / 0.5 / 0.7 of their words in the context
  // "The Eiffel Tower is in Paris." 3/3; "It was completed in 1889." is no claim (2 words); "The tower … 2020." 1/5
  { metric: 'factuality', answer: 'The Eiffel Tower is in Paris. It was completed in 1889. The tower was painted blue by aliens in 2020.', context: EIFFEL, value: 50, detail: /1 of 2 sentences supported/ },
  { metric: 'hallucination', answer: 'The Eiffel Tower is in Paris. It was completed in 1889. The tower was painted blue by aliens in 2020.', context: EIFFEL, value: 50 },
  { metric: 'accuracy', answer: 'The Eiffel Tower is in Paris. It was completed in 1889. The tower was painted blue by aliens in 2020.', context: EIFFEL, value: 43, detail: /3 of 7 distinct/ },
  { metric: 'response_accuracy', answer: 'The Eiffel Tower is in Paris. It was completed in 1889. The tower was painted blue by aliens in 2020.', context: EIFFEL, value: 60 },
  // "The tower in Paris was painted blue." has 2 of 4 words in the context: supported from Medium down
  { metric: 'factuality', answer: 'The tower in Paris was painted blue.', context: EIFFEL, value: 100 },
  { metric: 'factuality', answer: 'The tower in Paris was painted blue.', context: EIFFEL, intensity: 'High', value: 0 },
  { metric: 'hallucination', answer: 'The tower in Paris was painted blue.', context: EIFFEL, intensity: 'High', value: 100 },
  { metric: 'hallucination', answer: 'The Eiffel Tower is in Paris.', context: [], value: null, detail: /built-in heuristic: no retrieved context/ },
  { metric: 'accuracy', answer: 'The Eiffel Tower is in Paris.', context: ['   ', 'the and of'], value: null, detail: /no retrieved context/ },
  { metric: 'response_accuracy', answer: 'Yes, it is.', context: EIFFEL, value: null, detail: /no sentence of 3 or more content words/ },
  // relevancy: the share of the prompt's keywords the answer takes up
  { metric: 'relevancy', prompt: 'What is the capital of France?', answer: 'Paris is the capital of France.', value: 100, detail: /2 of 2 prompt keywords/ },
  { metric: 'relevancy', prompt: 'What is the capital of France?', answer: 'I like turtles.', value: 0 },
  { metric: 'relevancy', prompt: 'Summarise the travel policies for contractors', answer: 'Contractors follow the travel policy of their agency.', value: 75 },
  { metric: 'relevancy', prompt: 'Is it?', answer: 'Yes.', value: null, detail: /no keywords/ },
];

describe('built-in checks', () => {
  for (const row of rows) {
    const intensity = row.intensity ?? 'Medium';
    it(`${row.metric} (${intensity}) of "${row.answer}" is ${row.value}`, () => {
      const result = BUILT_IN_CHECKS[row.metric]({ prompt: row.prompt ?? '', answer: row.answer, context: row.context ?? [], intensity });
      expect(result.value).toBe(row.value);
      expect(result.state).toBe(row.value === null ? 'not_verifiable' : 'verified');
      expect(result.detail.startsWith('built-in heuristic: ')).toBe(true);
      if (row.detail) expect(result.detail).toMatch(row.detail);
    });
  }

  it('splits sentences and keeps content words with plurals folded', () => {
    expect(sentences('One. Two!  Three?\nFour')).toEqual(['One.', 'Two!', 'Three?', 'Four']);
    expect(contentWords('The policies of the Café are 330 metres; status: ok')).toEqual(['policy', 'cafe', '330', 'metre', 'status']);
  });
});

describe('the toxicity lexicon read in one pass', () => {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  /** The reference: one expression per term, counted apart. */
  const termByTerm = (text: string, intensity: MetricIntensity) =>
    TOXIC_LEXICON.filter((entry) => COUNTED_SEVERITIES[intensity].includes(entry.severity)).flatMap((entry) =>
      entry.terms.flatMap((term) => {
        const count = [...fold(text).matchAll(new RegExp(`(?<![\\p{L}\\p{N}])${term.split(' ').map(escape).join('\\s+')}(?![\\p{L}\\p{N}])`, 'gu'))].length;
        return count ? [{ term, severity: entry.severity, category: entry.category, count }] : [];
      }),
    );

  it.each([
    'You fucking idiot, I will kill you. Fuck this, bullshit!',
    'kill yourself, kys, go die — you should die, you deserve to die',
    'Shut up, you dumb jerk; that is so lame and crappy. Damn, bloody hell.',
    'I will find you and beat you up; I will hurt you, and ill hurt you, and burn your house.',
    'Skill yourself up, dumbbells and jerky are fine; the shitake and Scunthorpe are too.',
    'Idiots and morons,\n  useless   person, worthless scum — subhumans, vermin, parasites.',
  ])('counts as a pass per term would: %s', (text) => {
    for (const intensity of ['Low', 'Medium', 'High'] as const) expect(findToxicTerms(text, intensity)).toEqual(termByTerm(text, intensity));
  });
});

