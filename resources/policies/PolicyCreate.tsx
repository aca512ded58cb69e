import { SimpleForm } from 'react-admin';
import { PolicyInputSchema } from '../../domain';
import { zodValidator } from '../../src/forms/zodValidator';
import { useSaveCallbacks } from '../../src/ui/saving/useSaveCallbacks';
import { PolicyFormLayout } from './PolicyFormLayout';
import { toPolicyPayload } from './policyPayload';
import { newRule } from './rules/newRule';
import { CreatePage } from '../../src/ui/lists/CreatePage';

const validate = zodValidator(PolicyInputSchema);

const defaults = () => ({
  Type: 'Group Policy',
  Enabled: true,
  Priority: 100,
  Targets: { GroupIds: [], LanguageModelIds: [], AllTargets: false },
  Rules: [newRule()],
});

export function PolicyCreate() {
  const callbacks = useSaveCallbacks({ successMessage: 'Policy created', redirectTo: 'list' });
  return (
    <CreatePage title="New policy" subtitle="Ordered rules that block, redact, anonymize or flag what prompts and answers contain." mutationOptions={callbacks} transform={toPolicyPayload}>
      <SimpleForm validate={validate} defaultValues={defaults}>
        <PolicyFormLayout />
      </SimpleForm>
    </CreatePage>
  );
}
