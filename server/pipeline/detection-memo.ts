// What the detectors found in a text, kept for the next time the same text is checked. A chat or an agent sends the
// whole conversation again on every turn — the system prompt, every earlier message and answer — and each turn's
// policies would otherwise find the same names, secrets and attack signals in all of it again: the cost of a turn
// grew with the conversation. The guard stage and the policies' prompt_injection rule also read the same prompt.
//
// Only the pure detectors are kept (entities, secrets, the prompt-attack and harmful-request verdicts); custom
// patterns, keywords and the organization's attack examples are applied on every call, as are the policies. Entries
// are kept per organization: a hit is faster than a miss, and one organization must not learn by timing that
// another sent a given text. Each thread (the event loop, each detection worker) keeps its own, bounded by characters
// and evicting the least recently used; a worker hands back the detections it used, so that the event loop can
// evaluate the next turn of a long conversation itself (off-thread-detection.ts).
import { detectEntities, detectHarmfulRequest, detectPromptAttack, detectSecrets } from './detection';
import type { DetectedEntity, HarmfulRequestResult, PromptAttackResult, TextSource } from './detection';
import type { Detectors } from '../policies/engine';
import { guardOverride, promptAttackWithExamples, withExamples } from './guard-examples';

/** Characters of text kept per thread (about 2 × this in bytes), each result counted as RESULT_CHARS more. */
export const MEMO_MAX_CHARS = 4_000_000;
/** What a kept result costs besides its text, in characters: small next to a text worth keeping. */
const RESULT_CHARS = 64;

interface Entry {
  scope: string;
  text: string;
  /** By detector and its variant ("entities:PERSON,LOCATION", "attack:data"). */
  results: Map<string, unknown>;
  chars: number;
}

/**
 * Texts are looked up as they came (scope, then text, then the detector): a string keeps its hash once computed, so
 * the several look-ups of one text in one request hash it once, where a key built per look-up was hashed every time.
 */
export class DetectionMemo {
  private readonly byScope = new Map<string, Map<string, Entry>>();
  /** Least recently used first (a Set keeps insertion order). */
  private readonly recency = new Set<Entry>();
  private chars = 0;

  constructor(private readonly maxChars: number = MEMO_MAX_CHARS) {}

  /** The kept result of `detector` for this text, or `compute()`'s, kept (frozen: callers share it). */
  get<T extends object>(scope: string, text: string, detector: string, compute: () => T): T {
    const entry = this.byScope.get(scope)?.get(text);
    if (entry) {
      this.recency.delete(entry);
      this.recency.add(entry);
      const known = entry.results.get(detector);
      if (known !== undefined) return known as T;
    }
    const value = compute();
    this.put(scope, text, detector, value);
    return value;
  }

  /** Keeps a result (frozen), unless its text is over an eighth of the bound: one such text would push out a conversation's worth. */
  put(scope: string, text: string, detector: string, value: unknown): void {
    if (text.length > this.maxChars / 8) return;
    const texts = this.byScope.get(scope);
    let entry = texts?.get(text);
    if (!entry) {
      entry = { scope, text, results: new Map(), chars: text.length };
      if (texts) texts.set(text, entry);
      else this.byScope.set(scope, new Map([[text, entry]]));
      this.chars += entry.chars;
    }
    this.recency.delete(entry);
    this.recency.add(entry);
    if (!entry.results.has(detector)) {
      entry.chars += RESULT_CHARS;
      this.chars += RESULT_CHARS;
    }
    entry.results.set(detector, deepFreeze(value));
    for (const oldest of this.recency) {
      if (this.chars <= this.maxChars) break;
      this.forget(oldest);
    }
  }

  /** Texts kept, over every scope. */
  get size(): number {
    return this.recency.size;
  }

  private forget(entry: Entry): void {
    this.recency.delete(entry);
    const texts = this.byScope.get(entry.scope)!;
    texts.delete(entry.text);
    if (!texts.size) this.byScope.delete(entry.scope);
    this.chars -= entry.chars;
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

const threadMemo = new DetectionMemo();

/** A detection a worker used: which text, which detector, what it found (the event loop keeps it too). */
export interface UsedDetection {
  text: string;
  detector: string;
  value: unknown;
}

type Find = <T extends object>(text: string, detector: string, compute: () => T) => T;

function detectorsWith(find: Find, examples: readonly string[], source: TextSource): Partial<Detectors> & Pick<Detectors, 'promptAttack'> {
  const attack = `attack:${source}`;
  return {
    entities: (text, types) => find(text, `entities:${types.join(',')}`, (): DetectedEntity[] => detectEntities(text, { types })),
    secrets: (text) => find(text, 'secrets', (): DetectedEntity[] => detectSecrets(text)),
    harmfulRequest: (text) => find(text, 'harmful', (): HarmfulRequestResult => detectHarmfulRequest(text)),
    promptAttack: (text) => {
      const verdict = find(text, attack, (): PromptAttackResult => detectPromptAttack(text, undefined, source));
      return examples.length ? withExamples(verdict, text, examples) : verdict;
    },
  };
}

/**
 * The detectors for one organization's texts (`scope`: its id), each result kept in this thread's memo. The guard
 * reads `source` as given (a user's prompt or untrusted data) and then matches the organization's `examples`.
 * `used`, when given, receives every detection the evaluation used (a worker hands them back to the event loop's memo).
 */
export function memoizedDetectors(scope: string, examples: readonly string[] = [], source: TextSource = 'prompt', memo: DetectionMemo = threadMemo, used?: UsedDetection[]): Partial<Detectors> & Pick<Detectors, 'promptAttack'> {
  return detectorsWith(
    (text, detector, compute) => {
      const value = memo.get(scope, text, detector, compute);
      used?.push({ text, detector, value });
      return value;
    },
    examples,
    source,
  );
}

/** Thrown by `keptDetectors` when the texts not yet seen are more than it may search here. */
export class NotKept extends Error {}

/**
 * The memoized detectors, for the event loop: a text already seen is answered from the memo, and texts not seen yet
 * are searched here only up to `budgetChars` characters in all — beyond that NotKept is thrown, and the caller sends
 * the work to the detection pool instead (a long new text must not hold the event loop).
 */
export function keptDetectors(scope: string, examples: readonly string[], source: TextSource, budgetChars: number, memo: DetectionMemo = threadMemo): Partial<Detectors> & Pick<Detectors, 'promptAttack'> {
  const searched = new Set<string>();
  let spent = 0;
  return detectorsWith(
    (text, detector, compute) =>
      memo.get(scope, text, detector, () => {
        if (!searched.has(text)) {
          spent += text.length;
          if (spent > budgetChars) throw new NotKept();
          searched.add(text);
        }
        return compute();
      }),
    examples,
    source,
  );
}

/** Keeps in this thread's memo the detections a worker used for one organization's texts. */
export function keepUsed(scope: string, used: readonly UsedDetection[], memo: DetectionMemo = threadMemo): void {
  for (const { text, detector, value } of used) memo.put(scope, text, detector, value);
}

/** The guard's verdict for one organization's texts: its detections kept when `memoScope` (its id) is given. */
export function guardFor(examples: readonly string[], source: TextSource, memoScope?: string): (text: string) => PromptAttackResult {
  return memoScope ? memoizedDetectors(memoScope, examples, source).promptAttack : promptAttackWithExamples(examples, source);
}

/**
 * The detectors the policies run with for one organization's texts (undefined: the engine's own): their detections
 * kept when `memoScope` (its id) is given, `used` then receiving each one the evaluation used.
 */
export function policyDetectors(examples: readonly string[], source: TextSource, memoScope?: string, used?: UsedDetection[]): Partial<Detectors> | undefined {
  return memoScope ? memoizedDetectors(memoScope, examples, source, threadMemo, used) : guardOverride(examples, source);
}
