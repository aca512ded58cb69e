import { ArrayInput, RadioButtonGroupInput, SimpleFormIterator, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { COPILOT_PROMPT_TYPE_LABELS, CopilotPromptType } from '../../../../domain';
import { parseNumberChoice } from '../../../ui/inputs/choiceParsers';
import { AddPromptButton } from './AddPromptButton';

const PROMPT_TYPE_CHOICES = [CopilotPromptType.FREEFORM, CopilotPromptType.PREDEFINED].map((id) => ({ id, name: COPILOT_PROMPT_TYPE_LABELS[id] }));

/** Step 7: users type their own prompts, or pick among predefined ones (at least one then). */
export function PromptTypeStep() {
  const promptType = useWatch({ name: 'PromptType' }) as number | undefined;
  return (
    <>
      <RadioButtonGroupInput
        source="PromptType"
        label="Prompt type"
        choices={PROMPT_TYPE_CHOICES}
        parse={parseNumberChoice}
        helperText="Freeform: users write their prompts. Predefined: users choose one of the prompts below."
      />
      {promptType === CopilotPromptType.PREDEFINED && (
        <ArrayInput source="PredefinedPrompts" label="Predefined prompts">
          <SimpleFormIterator addButton={<AddPromptButton />} fullWidth disableClear sx={{ '& .RaSimpleFormIterator-action': { visibility: 'visible' } }}>
            <TextInput source="Title" label="Title" isRequired fullWidth />
            <TextInput source="Prompt" label="Prompt" isRequired multiline minRows={2} fullWidth />
          </SimpleFormIterator>
        </ArrayInput>
      )}
    </>
  );
}
