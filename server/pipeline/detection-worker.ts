// The detection worker thread (see off-thread-detection.ts): the prompt guard or the policies over long texts, and
// over any text when a policy has a custom pattern, so that a slow scan never holds the event loop.
import { evaluateInOrder } from '../policies/engine';
import type { EnginePolicy, EvaluationResult, Vault } from '../policies/engine';
import { serveJobs } from '../workers/serve-jobs';
import { detectPromptAttack } from './detection';
import type { PromptAttackResult } from './detection';

export type DetectionJob = { kind: 'guard'; text: string } | { kind: 'evaluate'; texts: string[]; policies: EnginePolicy[]; vault: Vault };
export type DetectionResult = PromptAttackResult | EvaluationResult[];

serveJobs<DetectionJob & { id: number }, DetectionResult>((job) => (job.kind === 'guard' ? detectPromptAttack(job.text) : evaluateInOrder(job.texts, job.policies, job.vault)));
