// What the detectors found in a text, kept for the next time the same text is checked. A chat or an agent sends the
// whole conversation again on every turn — the system prompt, every earlier message and answer — and each turn's
// policies would otherwise find the same names, secrets and attack signals in all of it again: the cost of a turn
// grew with the conversation. The guard stage and the policies' prompt_injection rule also read the same prompt.
//
// Only the pure detectors are kept (entities, secrets, the prompt-attack and harmful-request verdicts); custom
// patterns, keywords and the organization's attack examples are applied on every call, as are the policies. Entries
// are kept per organization: a hit is faster than a miss, and one organization must not learn by timing that
// another sent a given text. Each thread (the event loop, each detection worker) keeps its own, bounded by characters
// and evicting the least recently used.
import { detectEntities, detectHarmfulRequest, detectPromptAttack, detectSecrets } from './detection';
import type { DetectedEntity, HarmfulRequestResult, PromptAttackResult, TextSource } from './detection';
import type { Detectors } from '../policies/engine';
import { withExamples } from './guard-examples';

/** Characters of text (and of keys) kept per thread: about 2 × this in bytes, plus the results. */
export const MEMO_MAX_CHARS = 4_000_000;
/** What an entry costs besides its key, in characters: its results, small next to a text worth keeping. */
const ENTRY_OVERHEAD_CHARS = 64;

export class DetectionMemo {
  private readonly entries = new Map<string, unknown>();
  private chars = 0;

  constructor(private readonly maxChars: number = MEMO_MAX_CHARS) {}

  /** The kept result of `key`, or `compute()`'s, kept (frozen: callers share it) when the text is not too long. */
  get<T extends object>(key: string, textLength: number, compute: () => T): T {
    const known = this.entries.get(key);
    if (known !== undefined) {
      // Most recently used last: Map keeps insertion order, so the first entry is the one to evict.
      this.entries.delete(key);
      this.entries.set(key, known);
      return known as T;
    }
    const value = compute();
    // A text over an eighth of the bound is checked every time: one huge text would push out a conversation's worth.
    if (textLength > this.maxChars / 8) return value;
    this.entries.set(key, deepFreeze(value));
    this.chars += key.length + ENTRY_OVERHEAD_CHARS;
    for (const [oldest] of this.entries) {
      if (this.chars <= this.maxChars) break;
      this.entries.delete(oldest);
      this.chars -= oldest.length + ENTRY_OVERHEAD_CHARS;
    }
    return value;
  }

  get size(): number {
    return this.entries.size;
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
const SEPARATOR = '\u0000';

/**
 * The detectors for one organization's texts (`scope`: its id), each result kept in this thread's memo. The guard
 * reads `source` as given (a user's prompt or untrusted data) and then matches the organization's `examples`.
 */
export function memoizedDetectors(scope: string, examples: readonly string[] = [], source: TextSource = 'prompt', memo: DetectionMemo = threadMemo): Partial<Detectors> & Pick<Detectors, 'promptAttack'> {
  const keyOf = (kind: string, text: string, variant = '') => `${scope}${SEPARATOR}${kind}${SEPARATOR}${variant}${SEPARATOR}${text}`;
  return {
    entities: (text, types) => memo.get(keyOf('entities', text, types.join(',')), text.length, (): DetectedEntity[] => detectEntities(text, { types })),
    secrets: (text) => memo.get(keyOf('secrets', text), text.length, (): DetectedEntity[] => detectSecrets(text)),
    harmfulRequest: (text) => memo.get(keyOf('harmful', text), text.length, (): HarmfulRequestResult => detectHarmfulRequest(text)),
    promptAttack: (text) => {
      const verdict = memo.get(keyOf('attack', text, source), text.length, (): PromptAttackResult => detectPromptAttack(text, undefined, source));
      return examples.length ? withExamples(verdict, text, examples) : verdict;
    },
  };
}
