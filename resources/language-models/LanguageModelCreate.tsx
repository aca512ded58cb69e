import { useSaveCallbacks } from '../../src/ui/saving/useSaveCallbacks';
import { toLanguageModelPayload } from './languageModelPayload';
import { LanguageModelForm } from './LanguageModelForm';
import { CreatePage } from '../../src/ui/lists/CreatePage';

/** A saved model opens in its edit page, where it can be tested. */
export function LanguageModelCreate() {
  const callbacks = useSaveCallbacks({ successMessage: 'Language model created', redirectTo: 'edit' });
  return (
    <CreatePage title="New language model" subtitle="Connect a model of a provider; then Test it from the list." transform={toLanguageModelPayload} mutationOptions={callbacks}>
      <LanguageModelForm isNew />
    </CreatePage>
  );
}
