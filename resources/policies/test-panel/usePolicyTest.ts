import { useCallback, useState } from 'react';
import { postJson } from '../../../dataProvider';
import { PolicyTestResultSchema } from '../../../domain';
import type { PolicyTestInput, PolicyTestResult } from '../../../domain';
import { errorMessage } from '../../../src/forms/serverErrors';

/** POST /api/v1/policies/test, keeping the last answer or the server's message. */
export function usePolicyTest() {
  const [result, setResult] = useState<PolicyTestResult>();
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  const run = useCallback(async (input: PolicyTestInput) => {
    setPending(true);
    setError(undefined);
    try {
      setResult(await postJson('/policies/test', input, PolicyTestResultSchema));
    } catch (failure) {
      setResult(undefined);
      setError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  }, []);

  const fail = useCallback((message: string) => {
    setResult(undefined);
    setError(message);
  }, []);

  return { result, error, pending, run, fail };
}
