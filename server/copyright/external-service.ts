// The wire contract with an organization's external copyright service (configured on the Protected Works page):
//
//   POST <ServiceUrl>
//   content-type: application/json; Authorization: Bearer <API key> when a key is stored
//   { "apiVersion": "v1", "answer": "<the answer's text>" }
//
//   200 { "matches": [ { "start": 0, "end": 120,              // character span of the answer: [start, end)
//                        "source": "Some Book (Publisher)",   // what the passage reproduces
//                        "licence": "GPL-3.0-or-later",       // optional: an SPDX id or a licence name
//                        "share": 0.4,                        // optional: share of the answer it covers, 0..1
//                        "sourceStart": 10, "sourceEnd": 130  // optional: the span in the source
//                      } ] }
//
// At most 1,000 matches; spans must lie inside the answer. Anything else (HTTP error, time limit, redirect, refused
// address, too large or malformed reply) is a CopyrightServiceError whose message is safe to show (never the key):
// the check records it (status ERROR) and the answer is not held back for it.
import { z } from 'zod';
import { CopyrightMatchStatus } from '../../domain/enums';
import type { CopyrightMatch } from '../../domain/schemas/copyright';
import type { FetchLike } from '../outbound';
import { OutboundLimitError, outboundErrorIn } from '../outbound';
import { tokenize } from './fingerprint';

export const COPYRIGHT_SERVICE_TIMEOUT_MS = 10_000;
export const COPYRIGHT_SERVICE_MAX_REPLY_BYTES = 256 * 1024;
export const COPYRIGHT_SERVICE_API_VERSION = 'v1';
const MAX_MATCHES = 1000;
const EXCERPT_CHARS = 300;

const ReplySchema = z.object({
  matches: z
    .array(
      z.object({
        start: z.number().int().min(0),
        end: z.number().int().min(1),
        source: z.string().trim().min(1).max(300),
        licence: z.string().trim().max(100).nullish(),
        share: z.number().min(0).max(1).nullish(),
        sourceStart: z.number().int().min(0).nullish(),
        sourceEnd: z.number().int().min(0).nullish(),
      }),
    )
    .max(MAX_MATCHES),
});

export class CopyrightServiceError extends Error {}

export interface ServiceCall {
  url: string;
  apiKey: string | null;
  answer: string;
}

/** Calls the service once through the guarded outbound fetch; its matches as the check's own (Kind external). */
export async function callCopyrightService(call: ServiceCall, send: FetchLike, timeoutMs = COPYRIGHT_SERVICE_TIMEOUT_MS): Promise<CopyrightMatch[]> {
  let response: Response;
  try {
    response = await send(call.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(call.apiKey ? { authorization: `Bearer ${call.apiKey}` } : {}) },
      body: JSON.stringify({ apiVersion: COPYRIGHT_SERVICE_API_VERSION, answer: call.answer }),
      // The answer and the key go to the URL the admin entered, nowhere else.
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const refused = outboundErrorIn(error);
    if (refused) throw new CopyrightServiceError(refused.message);
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new CopyrightServiceError(`The copyright service did not answer within ${Math.round(timeoutMs / 100) / 10} s.`);
    }
    throw new CopyrightServiceError('The copyright service could not be reached.');
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new CopyrightServiceError(`The copyright service answered HTTP ${response.status}.`);
  }
  const text = await response.text().catch((error: unknown) => {
    if (error instanceof OutboundLimitError) return null;
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) throw new CopyrightServiceError(`The copyright service did not answer within ${Math.round(timeoutMs / 100) / 10} s.`);
    return '';
  });
  if (text === null || text.length > COPYRIGHT_SERVICE_MAX_REPLY_BYTES) throw new CopyrightServiceError('The copyright service answered more than 256 KB.');
  let parsed: z.infer<typeof ReplySchema>;
  try {
    parsed = ReplySchema.parse(JSON.parse(text));
  } catch {
    throw new CopyrightServiceError('The copyright service answered something other than { matches: [{ start, end, source, licence?, share? }] }.');
  }
  if (parsed.matches.some((match) => match.end <= match.start || match.end > call.answer.length)) {
    throw new CopyrightServiceError('The copyright service answered a span outside the answer.');
  }
  const starts = tokenize(call.answer).starts;
  return parsed.matches.map((match) => {
    const words = countInside(starts, match.start, match.end);
    const excerpt = call.answer.slice(match.start, match.end);
    return {
      Kind: 'external',
      WorkId: null,
      SourceName: match.source,
      LicenceId: match.licence ?? null,
      AnswerStart: match.start,
      AnswerEnd: match.end,
      SourceStart: match.sourceStart ?? null,
      SourceEnd: match.sourceEnd ?? null,
      Coverage: match.share ?? (starts.length ? Math.round((words / starts.length) * 1000) / 1000 : 0),
      CopiedWords: words,
      Excerpt: excerpt.length > EXCERPT_CHARS ? `${excerpt.slice(0, EXCERPT_CHARS - 1)}…` : excerpt,
      Status: CopyrightMatchStatus.COMPLETED,
    };
  });
}

function countInside(starts: Uint32Array, from: number, to: number): number {
  let count = 0;
  for (const start of starts) if (start >= from && start < to) count += 1;
  return count;
}

/** The answer's words inside any of the spans, as a share of its words (the check's coverage with external matches). */
export function coverageOf(answer: string, spans: readonly { AnswerStart: number; AnswerEnd: number }[]): number {
  const starts = tokenize(answer).starts;
  if (!starts.length || !spans.length) return 0;
  let inside = 0;
  for (const start of starts) if (spans.some((span) => start >= span.AnswerStart && start < span.AnswerEnd)) inside += 1;
  return Math.round((inside / starts.length) * 1000) / 1000;
}
