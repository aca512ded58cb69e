// Detection that may take long runs in a worker pool, never on the event loop: the guard and the policies over texts
// of OFF_THREAD_MIN_CHARS or more (at the 32,000-character cap the worst shapes took a quarter of a second), and the
// policies over any text when one of them has a custom pattern (a backtracking pattern can take seconds on a few
// hundred characters, and a running regular expression cannot be interrupted: only its worker can be ended). Short
// prompts stay on the main thread: a worker's round trip costs more than their scan. Over the time limit the prompt
// is refused (fail closed: it is never sent unchecked). A conversation sent again on a later turn is evaluated on the
// event loop when the pool's detections of its earlier texts were kept (detection-memo.ts) and its new texts are short.
import { HttpError } from '../http/errors';
import { evaluateInOrder } from '../policies/engine';
import type { EnginePolicy, EvaluationResult, Vault } from '../policies/engine';
import { POOL_SIZE, WorkerPool } from '../workers/worker-pool';
import type { PromptAttackResult, TextSource } from './detection';
import { guardFor, keepUsed, keptDetectors, NotKept, policyDetectors } from './detection-memo';
import type { UsedDetection } from './detection-memo';
import type { DetectionJob, DetectionResult } from './detection-worker';

export const OFF_THREAD_MIN_CHARS = 2_000;
export const DETECTION_TIME_LIMIT_MS = 5_000;
export const DETECTION_TIMED_OUT = `The policies could not check this text within ${DETECTION_TIME_LIMIT_MS / 1000} seconds (a custom pattern may be too slow for it); it was not sent.`;
export const DETECTION_BUSY = 'The server is checking many long prompts at the moment; try again shortly.';

const pool = new WorkerPool<DetectionJob, DetectionResult>({
  name: 'detection-worker',
  sourceDir: new URL('.', import.meta.url),
  timeLimitMs: DETECTION_TIME_LIMIT_MS,
  heapMb: 256,
  maxQueued: 64,
  timedOut: () => new HttpError(400, DETECTION_TIMED_OUT),
  outOfMemory: () => new HttpError(413, DETECTION_TIMED_OUT),
  busy: () => new HttpError(503, DETECTION_BUSY),
});

const hasCustomPattern = (policies: readonly EnginePolicy[]) => policies.some((policy) => policy.Rules.some((rule) => rule.Enabled && rule.Kind === 'regex'));

/**
 * The prompt-attack verdict (with the organization's attack examples), in the pool for a long text. `memoScope` (the
 * organization's id): the verdict is kept for the next check of the same text (detection-memo.ts).
 */
export async function promptAttackOf(text: string, examples: readonly string[] = [], source: TextSource = 'prompt', memoScope?: string): Promise<PromptAttackResult> {
  if (text.length < OFF_THREAD_MIN_CHARS) return guardFor(examples, source, memoScope)(text);
  return (await pool.run({ kind: 'guard', text, examples: [...examples], source, memoScope })) as PromptAttackResult;
}

/** Texts per worker trip of `maliciousEach`: a page of passages, well within the time limit at the worst shapes. */
const GUARD_BATCH = 32;

/**
 * Whether each text carries a prompt attack, for many short texts (web pages and documents cut into passages), in the
 * pool, a batch per trip: the event loop stays free for requests while a burst of research reads pages. When the
 * pool's queue is full, the batch is checked here instead, yielding to the event loop between texts (never
 * unchecked).
 */
export async function maliciousEach(texts: readonly string[], examples: readonly string[] = []): Promise<boolean[]> {
  const verdicts: boolean[] = [];
  for (let at = 0; at < texts.length; at += GUARD_BATCH) {
    const batch = texts.slice(at, at + GUARD_BATCH);
    try {
      verdicts.push(...((await pool.run({ kind: 'guard-each', texts: batch, examples: [...examples], source: 'data' })) as boolean[]));
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 503) throw error;
      const guard = guardFor(examples, 'data');
      for (const text of batch) {
        verdicts.push(guard(text).malicious);
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
  }
  return verdicts;
}

/**
 * `evaluateInOrder` (the vault carried from text to text), in the pool for long texts or custom patterns. `source`:
 * who wrote the texts (the guard reads untrusted data for planted instructions: see TextSource). `memoScope` (the
 * organization's id): what the detectors find in each text is kept for the next check of the same text — the
 * conversation a chat or an agent sends again on every turn (detection-memo.ts).
 */
export async function evaluateTexts(texts: readonly string[], policies: readonly EnginePolicy[], vault: Vault, examples: readonly string[] = [], source: TextSource = 'prompt', memoScope?: string): Promise<EvaluationResult[]> {
  const total = texts.reduce((sum, text) => sum + text.length, 0);
  const customPattern = hasCustomPattern(policies);
  if (!texts.length || (total < OFF_THREAD_MIN_CHARS && !customPattern)) {
    return evaluateInOrder(texts, policies, vault, policyDetectors(examples, source, memoScope));
  }
  // A conversation whose earlier texts were searched before is evaluated here, its new texts searched here only up to
  // the characters a short prompt may have; otherwise in the pool, which hands back what it found.
  if (memoScope && !customPattern) {
    try {
      return evaluateInOrder(texts, policies, vault, keptDetectors(memoScope, examples, source, OFF_THREAD_MIN_CHARS));
    } catch (error) {
      if (!(error instanceof NotKept)) throw error;
    }
  }
  const answer = await pool.run({ kind: 'evaluate', texts: [...texts], policies: [...policies], vault, examples: [...examples], source, memoScope });
  if (!memoScope) return answer as EvaluationResult[];
  const { results, used } = answer as { results: EvaluationResult[]; used: UsedDetection[] };
  keepUsed(memoScope, used);
  return results;
}

/** Starts every worker (each loads the dictionaries and the classifier), so that the first long prompt does not wait. */
export function warmDetectionPool(): void {
  for (let index = 0; index < POOL_SIZE; index++) pool.run({ kind: 'guard', text: 'warm up', examples: [], source: 'prompt' }).catch(() => undefined);
}

/** Ends the workers (at shutdown). */
export function closeDetectionPool(): Promise<void> {
  return pool.close();
}
