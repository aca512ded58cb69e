import { findAddresses } from './address';
import { findTownsAfterAddresses } from './address-towns';
import { findDates } from './dates';
import { findFamilyFirms } from './family-firms';
import { findLowerCaseNames } from './lower-names';
import { foldForDetection, originalSpan } from './fold';
import { NerContext } from './ner-context';
import { findLocations } from './places';
import { findStructuralOrganizations } from './org-structure';
import { findCoordinatedOrganizations } from './org-lists';
import { findOrganizations } from './organizations';
import { findPeople } from './names';
import { findPhoneNumbers } from './phone';
import {
  findCreditCards,
  findDriverLicenses,
  findEmails,
  findIbans,
  findIpAddresses,
  findUrls,
  findUsSsns,
} from './structured';
import type { DetectOptions, DetectedEntity } from './types';

// When two pattern matches overlap, the more specific kind wins.
const PRIORITY: Readonly<Record<string, number>> = {
  EMAIL_ADDRESS: 0,
  URL: 1,
  DOMAIN_NAME: 1,
  IBAN_CODE: 2,
  CREDIT_CARD: 3,
  US_SSN: 4,
  IP_ADDRESS: 5,
  DATE_TIME: 6,
  US_DRIVER_LICENSE: 7,
  PHONE_NUMBER: 8,
};

const NER_TYPES = ['ADDRESS', 'ORGANIZATION', 'PERSON', 'LOCATION'];

/**
 * PII entities of `text`. Detection reads the text folded against evasion (`fold.ts`: fullwidth digits, invisible
 * characters, look-alike letters, spelled-out e-mail separators); spans and their `text` are the user's original
 * characters.
 */
export function detectEntities(text: string, opts: DetectOptions = {}): DetectedEntity[] {
  const folded = foldForDetection(text);
  const found = detectFolded(folded.text, opts);
  if (folded.starts === null) return found;
  return found.map((e) => {
    const [start, end] = originalSpan(folded, e.start, e.end);
    return { ...e, start, end, text: text.slice(start, end) };
  });
}

function detectFolded(text: string, opts: DetectOptions): DetectedEntity[] {
  const wanted = opts.types ? new Set(opts.types) : undefined;
  const patterns: DetectedEntity[] = [];
  findEmails(text, patterns);
  findUrls(text, patterns);
  findIbans(text, patterns);
  findCreditCards(text, patterns);
  findUsSsns(text, patterns);
  findIpAddresses(text, patterns);
  findDates(text, patterns);
  findDriverLicenses(text, patterns);
  findPhoneNumbers(text, patterns);
  const accepted = resolveOverlaps(patterns);

  if (!wanted || NER_TYPES.some((t) => wanted.has(t))) {
    const ctx = new NerContext(text, accepted);
    const addresses: DetectedEntity[] = [];
    findAddresses(text, ctx.casing, addresses);
    for (const address of addresses) {
      const end = freeEnd(ctx, address.start, address.end);
      if (end > address.start) ctx.emit(address.type, address.start, end, address.score);
    }
    findTownsAfterAddresses(ctx);
    findFamilyFirms(ctx);
    findStructuralOrganizations(ctx);
    findOrganizations(ctx);
    findCoordinatedOrganizations(ctx);
    findLocations(ctx, true);
    findPeople(ctx);
    findLowerCaseNames(ctx);
    findLocations(ctx);
  }
  const result = wanted ? accepted.filter((e) => wanted.has(e.type)) : accepted;
  return result.sort((a, b) => a.start - b.start);
}

// The kept marks of resolveOverlaps, reused from one text to the next (detection is synchronous).
let takenBuffer = new Uint8Array(8192);

/**
 * The candidates that overlap no stronger one. The kept spans are marked character by character, so the cost is the
 * candidates' total length, not their number squared (a text of thousands of short matches stays linear).
 */
function resolveOverlaps(candidates: DetectedEntity[]): DetectedEntity[] {
  const ordered = [...candidates].sort(
    (a, b) => (PRIORITY[a.type] ?? 9) - (PRIORITY[b.type] ?? 9) || b.end - b.start - (a.end - a.start) || b.score - a.score,
  );
  const kept: DetectedEntity[] = [];
  const length = ordered.reduce((end, candidate) => Math.max(end, candidate.end), 0);
  if (takenBuffer.length < length) takenBuffer = new Uint8Array(Math.max(length, takenBuffer.length * 2));
  const taken = takenBuffer;
  taken.fill(0, 0, length);
  for (const candidate of ordered) {
    if (isTaken(taken, candidate.start, candidate.end)) continue;
    taken.fill(1, candidate.start, candidate.end);
    kept.push(candidate);
  }
  return kept;
}

function isTaken(taken: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (taken[i] === 1) return true;
  return false;
}

/** End of the unclaimed stretch from `start` (an address stops where a phone number or date begins), trimmed. */
function freeEnd(ctx: NerContext, start: number, end: number): number {
  let stop = start;
  while (stop < end && ctx.covered[stop] !== 1) stop++;
  while (stop > start && /[\s,]/.test(ctx.text[stop - 1] ?? '')) stop--;
  return stop;
}
