// The detection worker thread (see off-thread-detection.ts): the prompt guard or the policies over long texts, and
// over any text when a policy has a custom pattern, so that a slow scan never holds the event loop.
import { evaluateInOrder } from '../policies/engine';
import type { EnginePolicy, EvaluationResult, Vault } from '../policies/engine';
import { serveJobs } from '../workers/serve-jobs';
import type { PromptAttackResult, TextSource } from './detection';
import { guardFor, policyDetectors } from './detection-memo';
import type { UsedDetection } from './detection-memo';

/** `examples`: the organization's attack examples (guard-examples.ts) the guard also matches against. */
/** `guard-each`: the verdict of each of many short texts (the passages of a fetched page or document) in one trip. */
/** `source`: who wrote the texts (a user's prompt, or untrusted data: see TextSource). */
/** `memoScope`: the organization whose detections this worker keeps for the next check of the same text (detection-memo.ts). */
export type DetectionJob =
  | { kind: 'guard'; text: string; examples: string[]; source: TextSource; memoScope?: string }
  | { kind: 'guard-each'; texts: string[]; examples: string[]; source: TextSource }
  | { kind: 'evaluate'; texts: string[]; policies: EnginePolicy[]; vault: Vault; examples: string[]; source: TextSource; memoScope?: string };
/** An `evaluate` job with a memo scope answers the detections it used too, for the event loop's memo. */
export type DetectionResult = PromptAttackResult | boolean[] | EvaluationResult[] | { results: EvaluationResult[]; used: UsedDetection[] };

serveJobs<DetectionJob & { id: number }, DetectionResult>((job) => {
  if (job.kind === 'guard') return guardFor(job.examples, job.source, job.memoScope)(job.text);
  if (job.kind === 'guard-each') {
    const guard = guardFor(job.examples, job.source);
    return job.texts.map((text) => guard(text).malicious);
  }
  const used: UsedDetection[] = [];
  const results = evaluateInOrder(job.texts, job.policies, job.vault, policyDetectors(job.examples, job.source, job.memoScope, used));
  return job.memoScope ? { results, used } : results;
});
