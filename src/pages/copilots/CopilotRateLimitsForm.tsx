import { Box } from '@mui/material';
import { Form, SaveButton, useNotify, useUpdate } from 'react-admin';
import { AppUpdateSchema } from '../../../domain';
import type { App, AppUpdate } from '../../../domain';
import { RateLimitInputs } from '../../forms/RateLimitInputs';
import { errorMessage, fieldErrors } from '../../forms/serverErrors';
import { zodValidator } from '../../forms/zodValidator';

const validate = zodValidator(AppUpdateSchema);

/** The copilot's own gateway limits (its token's calls); empty fields use the organization's. */
export function CopilotRateLimitsForm({ app }: { app: App }) {
  const notify = useNotify();
  const [update] = useUpdate<App>();
  const save = async (values: Record<string, unknown>) => {
    const data: AppUpdate = {
      Name: app.Name,
      Description: app.Description,
      RequestsPerMinute: (values.RequestsPerMinute as number | null | undefined) ?? null,
      TokensPerMinute: (values.TokensPerMinute as number | null | undefined) ?? null,
    };
    try {
      await update('admin/apps', { id: app.id, data, previousData: app }, { mutationMode: 'pessimistic', returnPromise: true });
      notify('Rate limits saved', { type: 'success' });
      return undefined;
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
      return fieldErrors(error);
    }
  };
  return (
    <Form record={{ Name: app.Name, Description: app.Description, RequestsPerMinute: app.RequestsPerMinute, TokensPerMinute: app.TokensPerMinute }} validate={validate} onSubmit={save}>
      <RateLimitInputs
        requestsHelperText="Calls with the copilot's token, a minute. Empty: the organization's limit."
        tokensHelperText="Prompt and completion tokens a minute. Empty: the organization's limit."
      />
      <Box sx={{ mt: 1 }}>
        <SaveButton label="Save rate limits" alwaysEnable={false} />
      </Box>
    </Form>
  );
}
