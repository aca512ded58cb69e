// An in-memory inverted index of winnowed fingerprints (hash → document and token position) and the match
// extraction over it: every k-gram of the answer is looked up, each hit is verified and extended token by token in
// both directions (so the spans are exact, not fingerprint-granular), runs of the same document a few tokens apart
// are joined (a changed or inserted word does not split a copied paragraph), and only runs with at least
// `minTokens` copied tokens count: a short common phrase or a paraphrase sharing a few words is not a match.
import { K, kgramHashes, tokenize, winnow } from './fingerprint';
import type { Tokens } from './fingerprint';
import { PostingTable } from './posting-table';

/** Copied tokens a match needs (a sentence of ~20 words). */
export const MIN_MATCH_TOKENS = 20;
/** Tokens of difference (a changed, added or dropped word or two) that still join two copied runs into one match. */
export const JOIN_GAP_TOKENS = 4;
/** A joined match must still be mostly copied: copied tokens / span. */
export const MIN_MATCH_DENSITY = 0.75;
/** Tokens kept per document (a 10 MB text has about 1.7 million). */
export const MAX_TOKENS_PER_DOCUMENT = 4_000_000;
/** Dead postings (of removed documents) tolerated before the table is rebuilt from the live documents. */
const REBUILD_DEAD_POSTINGS = 200_000;

export interface IndexedDocument {
  id: string;
  name: string;
  tokens: Tokens;
  fingerprints: number;
}

export interface IndexMatch {
  documentId: string;
  documentName: string;
  /** Character span in the answer: [start, end). */
  answerStart: number;
  answerEnd: number;
  /** Character span in the source document: [start, end). */
  sourceStart: number;
  sourceEnd: number;
  /** Tokens of the answer that are copied within the span. */
  copiedTokens: number;
  /** Tokens of the answer the span covers. */
  spanTokens: number;
}

export interface MatchOptions {
  minTokens?: number;
}

interface Segment {
  a0: number;
  a1: number;
  s0: number;
  s1: number;
}

export interface QueryText {
  tokens: Tokens;
  grams: Uint32Array;
}

export function queryOf(text: string): QueryText {
  const tokens = tokenize(text);
  return { tokens, grams: kgramHashes(tokens.hashes) };
}

export class FingerprintIndex {
  /** Documents by serial (a serial is never reused, so a removed document's postings point at nothing). */
  private documents: (IndexedDocument | undefined)[] = [];
  private readonly serials = new Map<string, number>();
  private table = new PostingTable();
  private livePostings = 0;

  get size(): number {
    return this.serials.size;
  }

  get fingerprints(): number {
    return this.livePostings;
  }

  /** Bytes of the posting table's buffers and the documents' token arrays. */
  get bytes(): number {
    let tokens = 0;
    for (const serial of this.serials.values()) {
      const document = this.documents[serial]!;
      tokens += document.tokens.hashes.byteLength + document.tokens.starts.byteLength + document.tokens.ends.byteLength;
    }
    return this.table.bytes + tokens;
  }

  has(id: string): boolean {
    return this.serials.has(id);
  }

  ids(): IterableIterator<string> {
    return this.serials.keys();
  }

  /** Adds (or replaces) a document; answers the number of fingerprints kept. */
  add(id: string, name: string, text: string): number {
    if (this.serials.has(id)) this.remove(id);
    const full = tokenize(text);
    const tokens =
      full.hashes.length > MAX_TOKENS_PER_DOCUMENT
        ? { hashes: full.hashes.slice(0, MAX_TOKENS_PER_DOCUMENT), starts: full.starts.slice(0, MAX_TOKENS_PER_DOCUMENT), ends: full.ends.slice(0, MAX_TOKENS_PER_DOCUMENT) }
        : full;
    const document: IndexedDocument = { id, name, tokens, fingerprints: 0 };
    const serial = this.documents.length;
    this.documents.push(document);
    this.serials.set(id, serial);
    document.fingerprints = this.post(serial, tokens.hashes);
    this.livePostings += document.fingerprints;
    return document.fingerprints;
  }

  remove(id: string): boolean {
    const serial = this.serials.get(id);
    if (serial === undefined) return false;
    this.livePostings -= this.documents[serial]!.fingerprints;
    this.documents[serial] = undefined;
    this.serials.delete(id);
    if (this.table.size - this.livePostings > Math.max(REBUILD_DEAD_POSTINGS, this.livePostings)) this.rebuild();
    return true;
  }

  /** The copied passages of the answer, per document, answer order. */
  match(query: QueryText, options: MatchOptions = {}): IndexMatch[] {
    const minTokens = options.minTokens ?? MIN_MATCH_TOKENS;
    const answer = query.tokens.hashes;
    if (answer.length < Math.max(K, minTokens)) return [];
    const segments = new Map<number, Segment[]>();
    for (let position = 0; position < query.grams.length; position += 1) {
      this.table.forEach(query.grams[position]!, (serial, sourcePosition) => this.seed(segments, answer, position, serial, sourcePosition));
    }
    const matches: IndexMatch[] = [];
    for (const [serial, found] of segments) {
      const document = this.documents[serial]!;
      for (const joined of join(found)) {
        if (joined.copied < minTokens || joined.copied / (joined.a1 - joined.a0) < MIN_MATCH_DENSITY) continue;
        matches.push({
          documentId: document.id,
          documentName: document.name,
          answerStart: query.tokens.starts[joined.a0]!,
          answerEnd: query.tokens.ends[joined.a1 - 1]!,
          sourceStart: document.tokens.starts[joined.s0]!,
          sourceEnd: document.tokens.ends[joined.s1 - 1]!,
          copiedTokens: joined.copied,
          spanTokens: joined.a1 - joined.a0,
        });
      }
    }
    return matches.sort((left, right) => left.answerStart - right.answerStart || right.copiedTokens - left.copiedTokens);
  }

  private post(serial: number, hashes: Uint32Array): number {
    const kept = winnow(kgramHashes(hashes));
    for (let index = 0; index < kept.length; index += 2) this.table.add(kept[index]!, serial, kept[index + 1]!);
    return kept.length / 2;
  }

  /** A new table of the live documents only (removed documents' postings dropped), serials renumbered. */
  private rebuild(): void {
    const live = [...this.serials.entries()].map(([id, serial]) => ({ id, document: this.documents[serial]! }));
    this.documents = [];
    this.serials.clear();
    this.table = new PostingTable();
    for (const { id, document } of live) {
      const serial = this.documents.length;
      this.documents.push(document);
      this.serials.set(id, serial);
      this.post(serial, document.tokens.hashes);
    }
  }

  private seed(segments: Map<number, Segment[]>, answer: Uint32Array, position: number, serial: number, sourcePosition: number): void {
    const document = this.documents[serial];
    // A removed document.
    if (!document) return;
    const found = segments.get(serial);
    // Already inside a run found on the same diagonal: nothing new.
    if (found?.some((segment) => position >= segment.a0 && position < segment.a1 && segment.s0 - segment.a0 === sourcePosition - position)) return;
    const source = document.tokens.hashes;
    let a1 = position;
    let s1 = sourcePosition;
    while (a1 < answer.length && s1 < source.length && answer[a1] === source[s1]) {
      a1 += 1;
      s1 += 1;
    }
    // A hash collision, not shared text.
    if (a1 - position < K) return;
    let a0 = position;
    let s0 = sourcePosition;
    while (a0 > 0 && s0 > 0 && answer[a0 - 1] === source[s0 - 1]) {
      a0 -= 1;
      s0 -= 1;
    }
    const segment = { a0, a1, s0, s1 };
    if (found) found.push(segment);
    else segments.set(serial, [segment]);
  }
}

/** Joins runs of one document that follow each other in both texts, a few tokens apart. */
function join(found: Segment[]): (Segment & { copied: number })[] {
  const sorted = [...found].sort((left, right) => left.a0 - right.a0 || right.a1 - right.a0 - (left.a1 - left.a0));
  const joined: (Segment & { copied: number })[] = [];
  for (const segment of sorted) {
    const last = joined.at(-1);
    if (last && segment.a1 <= last.a1) continue;
    if (last && segment.a0 - last.a1 <= JOIN_GAP_TOKENS && segment.s0 >= last.s1 - JOIN_GAP_TOKENS && segment.s0 - last.s1 <= JOIN_GAP_TOKENS) {
      const start = Math.max(segment.a0, last.a1);
      last.copied += segment.a1 - start;
      last.a1 = segment.a1;
      last.s1 = Math.max(last.s1, segment.s1);
      continue;
    }
    joined.push({ ...segment, copied: segment.a1 - segment.a0 });
  }
  return joined;
}
