import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { ConfigStatus } from '../../domain';
import type { LanguageModel } from '../../domain';
import { errorMessage } from '../../src/forms/serverErrors';
import { testLanguageModel } from './testApi';

/**
 * Runs the Test action of a model. While the provider is asked the status reads TESTING; afterwards the
 * record is refreshed (SUCCESS or ERROR with the provider's message) and a toast says how it went.
 */
export function useModelTest(model: LanguageModel | undefined) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [testing, setTesting] = useState(false);

  const run = async () => {
    if (!model) return;
    setTesting(true);
    try {
      const tested = await testLanguageModel(model.id);
      const detail = tested.ConfigMessage ? `: ${tested.ConfigMessage}` : '';
      if (tested.ConfigStatus === ConfigStatus.SUCCESS) notify(`${model.Name} works${detail}`, { type: 'success' });
      else notify(`${model.Name} failed the test${detail}`, { type: 'error' });
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setTesting(false);
      refresh();
    }
  };

  const status = testing ? ConfigStatus.TESTING : model?.ConfigStatus;
  const message = testing ? 'Asking the provider…' : (model?.ConfigMessage ?? null);
  return { testing, run, status, message };
}
