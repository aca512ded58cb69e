// What the verifiers' actions do to an answer: show_response shows it, warn_user shows it with a warning,
// block_response withholds it. The outcome names only the strictest action, so the verifiers' own actions say which
// verifier withheld the answer (or warned).
import type { PromptBlock } from '../../domain/schemas/lifecycle';
import type { VerificationAction, VerificationOutcome, VerificationResult } from '../../domain/schemas/verifiers';

export interface VerifierAction {
  id: string;
  name: string;
  action: VerificationAction;
}

export interface VerificationVerdict {
  blocked: (PromptBlock & { message: string }) | null;
  warning: string | null;
}

/** An enabled verifier that could withhold the answer: then a streamed answer is held back until verified. */
export const couldBlock = (verifiers: readonly VerifierAction[]): boolean => verifiers.some((verifier) => verifier.action === 'block_response');

const failedChecks = (results: readonly VerificationResult[], verifierId: string) =>
  results.filter((result) => result.VerifierId === verifierId && result.Passed === false).map((result) => `${result.Metric} (score ${result.Score ?? '?'})`);

export function verdictOf(outcome: VerificationOutcome, verifiers: readonly VerifierAction[]): VerificationVerdict {
  const failing = verifiers.filter((verifier) => failedChecks(outcome.Results, verifier.id).length > 0);
  if (outcome.Action === 'block_response') {
    const verifier = failing.find((item) => item.action === 'block_response');
    if (verifier) {
      const checks = failedChecks(outcome.Results, verifier.id).join(', ');
      return {
        blocked: {
          PolicyId: verifier.id,
          PolicyName: verifier.name,
          Reason: `The answer failed ${checks}`,
          message: `The answer was withheld by the verifier "${verifier.name}": it failed ${checks}.`,
        },
        warning: null,
      };
    }
  }
  if (outcome.Action === 'warn_user') {
    const warners = failing.filter((item) => item.action === 'warn_user');
    if (warners.length) {
      const parts = warners.map((verifier) => `"${verifier.name}" found ${failedChecks(outcome.Results, verifier.id).join(', ')} below its threshold`);
      return { blocked: null, warning: `Check this answer before relying on it: the verifier ${parts.join('; ')}.` };
    }
  }
  return { blocked: null, warning: null };
}
