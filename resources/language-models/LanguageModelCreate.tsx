import { Create } from 'react-admin';
import { useSaveCallbacks } from '../../src/ui/saving/useSaveCallbacks';
import { toLanguageModelPayload } from './languageModelPayload';
import { LanguageModelForm } from './LanguageModelForm';

/** A saved model opens in its edit page, where it can be tested. */
export function LanguageModelCreate() {
  const callbacks = useSaveCallbacks({ successMessage: 'Language model created', redirectTo: 'edit' });
  return (
    <Create title="New language model" transform={toLanguageModelPayload} mutationOptions={callbacks}>
      <LanguageModelForm isNew />
    </Create>
  );
}
