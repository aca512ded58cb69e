// The detection worker thread (see off-thread-detection.ts): the prompt guard or the policies over long texts, and
// over any text when a policy has a custom pattern, so that a slow scan never holds the event loop.
import { evaluateInOrder } from '../policies/engine';
import type { EnginePolicy, EvaluationResult, Vault } from '../policies/engine';
import { serveJobs } from '../workers/serve-jobs';
import type { PromptAttackResult } from './detection';
import { promptAttackWithExamples } from './guard-examples';

/** `examples`: the organization's attack examples (guard-examples.ts) the guard also matches against. */
export type DetectionJob = { kind: 'guard'; text: string; examples: string[] } | { kind: 'evaluate'; texts: string[]; policies: EnginePolicy[]; vault: Vault; examples: string[] };
export type DetectionResult = PromptAttackResult | EvaluationResult[];

serveJobs<DetectionJob & { id: number }, DetectionResult>((job) =>
  job.kind === 'guard'
    ? promptAttackWithExamples(job.examples)(job.text)
    : evaluateInOrder(job.texts, job.policies, job.vault, job.examples.length ? { promptAttack: promptAttackWithExamples(job.examples) } : undefined),
);
