import { Edit } from 'react-admin';
import { useSaveCallbacks } from '../../src/ui/saving/useSaveCallbacks';
import { ConfigTestCard } from './ConfigTestCard';
import { toLanguageModelPayload } from './languageModelPayload';
import { LanguageModelForm } from './LanguageModelForm';

export function LanguageModelEdit() {
  const callbacks = useSaveCallbacks({ successMessage: 'Language model saved', redirectTo: 'list' });
  return (
    <Edit title="Edit language model" mutationMode="pessimistic" transform={toLanguageModelPayload} mutationOptions={callbacks} actions={false}>
      <ConfigTestCard />
      <LanguageModelForm isNew={false} />
    </Edit>
  );
}
