// The check of one answer: against the organization's protected works and, when on, the licence texts and
// `SPDX-License-Identifier` tags. Pure over the indexes (no I/O): the pipeline stage and the benchmark call it.
import { CopyrightMatchStatus } from '../../domain/enums';
import type { CopyrightMatch } from '../../domain/schemas/copyright';
import type { FingerprintIndex, IndexMatch } from './fingerprint-index';
import { MIN_MATCH_TOKENS, queryOf } from './fingerprint-index';
import { INDEXED_LICENCES, licenceIndexOf, licenceName, licenceTags } from './licences';

export interface CheckOptions {
  works: FingerprintIndex | null;
  licences: boolean;
  minTokens?: number;
}

export interface CheckResult {
  matches: CopyrightMatch[];
  /** Share of the answer's words inside any match. */
  coverage: number;
  words: number;
}

const EXCERPT_CHARS = 300;

export function checkAnswer(answer: string, options: CheckOptions): CheckResult {
  const query = queryOf(answer);
  const words = query.tokens.hashes.length;
  const minTokens = options.minTokens ?? MIN_MATCH_TOKENS;
  const share = (tokens: number) => (words ? Math.round((tokens / words) * 1000) / 1000 : 0);
  const excerpt = (start: number, end: number) => {
    const text = answer.slice(start, end);
    return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS - 1)}…` : text;
  };
  const matches: CopyrightMatch[] = [];
  const covered: [number, number][] = [];
  const add = (kind: 'work' | 'licence', match: IndexMatch) => {
    covered.push([match.answerStart, match.answerEnd]);
    matches.push({
      Kind: kind,
      WorkId: kind === 'work' ? match.documentId : null,
      SourceName: match.documentName,
      LicenceId: kind === 'licence' ? match.documentId : null,
      AnswerStart: match.answerStart,
      AnswerEnd: match.answerEnd,
      SourceStart: match.sourceStart,
      SourceEnd: match.sourceEnd,
      Coverage: share(match.spanTokens),
      CopiedWords: match.copiedTokens,
      Excerpt: excerpt(match.answerStart, match.answerEnd),
      Status: CopyrightMatchStatus.COMPLETED,
    });
  };
  if (options.works?.size) for (const match of options.works.match(query, { minTokens })) add('work', match);
  if (options.licences) {
    for (const match of bestPerPassage(licenceIndexOf().match(query, { minTokens }))) add('licence', match);
    for (const tag of licenceTags(answer)) {
      matches.push({
        Kind: 'licence_tag',
        WorkId: null,
        SourceName: licenceName(tag.licenceId),
        LicenceId: tag.licenceId,
        AnswerStart: tag.start,
        AnswerEnd: tag.end,
        SourceStart: null,
        SourceEnd: null,
        Coverage: 0,
        CopiedWords: 0,
        Excerpt: excerpt(tag.start, tag.end),
        Status: CopyrightMatchStatus.COMPLETED,
      });
    }
  }
  matches.sort((left, right) => left.AnswerStart - right.AnswerStart);
  return { matches, coverage: share(wordsInside(query.tokens.starts, covered)), words };
}

/**
 * Licence texts share passages (GPL-2.0 and LGPL-2.1, the GPL-3.0 family): one passage of the answer is reported
 * once, with the licence it copies most of.
 */
function bestPerPassage(matches: IndexMatch[]): IndexMatch[] {
  const kept: IndexMatch[] = [];
  // Most copied first; on a tie the licence listed first (the LGPL texts carry the whole GPL: a GPL passage is GPL).
  const rank = (id: string) => (INDEXED_LICENCES as readonly string[]).indexOf(id);
  for (const match of [...matches].sort((left, right) => right.copiedTokens - left.copiedTokens || rank(left.documentId) - rank(right.documentId))) {
    const overlaps = kept.some((other) => {
      const shared = Math.min(other.answerEnd, match.answerEnd) - Math.max(other.answerStart, match.answerStart);
      return shared > 0.5 * (match.answerEnd - match.answerStart);
    });
    if (!overlaps) kept.push(match);
  }
  return kept;
}

function wordsInside(starts: Uint32Array, spans: [number, number][]): number {
  if (!spans.length) return 0;
  let count = 0;
  for (const start of starts) if (spans.some(([from, to]) => start >= from && start < to)) count += 1;
  return count;
}
