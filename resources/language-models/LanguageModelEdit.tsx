
import { useSaveCallbacks } from '../../src/ui/saving/useSaveCallbacks';
import { ConfigTestCard } from './ConfigTestCard';
import { toLanguageModelPayload } from './languageModelPayload';
import { LanguageModelForm } from './LanguageModelForm';
import { EditPage } from '../../src/ui/lists/EditPage';

export function LanguageModelEdit() {
  const callbacks = useSaveCallbacks({ successMessage: 'Language model saved', redirectTo: 'list' });
  return (
    <EditPage title="Edit language model" subtitle="Change the provider, model, key and who may use it." mutationMode="pessimistic" transform={toLanguageModelPayload} mutationOptions={callbacks} actions={false}>
      <ConfigTestCard />
      <LanguageModelForm isNew={false} />
    </EditPage>
  );
}
