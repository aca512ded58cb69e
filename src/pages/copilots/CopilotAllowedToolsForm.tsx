import { Box } from '@mui/material';
import { Form, SaveButton, TextInput, useNotify, useUpdate } from 'react-admin';
import { AppUpdateSchema } from '../../../domain';
import type { App, AppUpdate } from '../../../domain';
import { errorMessage, fieldErrors } from '../../forms/serverErrors';
import { zodValidator } from '../../forms/zodValidator';
import { toolNames } from '../settings/toSettingsInput';

const validateUpdate = zodValidator(AppUpdateSchema);
/** The names are edited as one text: a message about one of them (AllowedTools.<n>) is shown on the field. */
function validate(values: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(validateUpdate({ ...values, AllowedTools: toolNames(values.AllowedTools) }))) {
    errors[field.startsWith('AllowedTools.') ? 'AllowedTools' : field] ??= message;
  }
  return errors;
}

/**
 * The function names the copilot's token calls may offer a model. They narrow the organization's list (System
 * Settings "Allowed tool names"): a tool must be in both when both are set; empty inherits the organization's.
 */
export function CopilotAllowedToolsForm({ app }: { app: App }) {
  const notify = useNotify();
  const [update] = useUpdate<App>();
  const save = async (values: Record<string, unknown>) => {
    const data: AppUpdate = { Name: app.Name, Description: app.Description, AllowedTools: toolNames(values.AllowedTools) };
    try {
      await update('admin/apps', { id: app.id, data, previousData: app }, { mutationMode: 'pessimistic', returnPromise: true });
      notify('Allowed tools saved', { type: 'success' });
      return undefined;
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
      return fieldErrors(error);
    }
  };
  return (
    <Form record={{ Name: app.Name, Description: app.Description, AllowedTools: app.AllowedTools }} validate={validate} onSubmit={save}>
      <TextInput
        source="AllowedTools"
        label="Allowed tool names"
        helperText="Comma-separated function names the copilot's token may offer a model, within the organization's list; others are refused. Empty: the organization's list."
        format={(value: unknown) => (Array.isArray(value) ? value.join(', ') : ((value as string | null | undefined) ?? ''))}
        fullWidth
      />
      <Box sx={{ mt: 1 }}>
        <SaveButton label="Save allowed tools" alwaysEnable={false} />
      </Box>
    </Form>
  );
}
