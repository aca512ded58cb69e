import { Box } from '@mui/material';
import { useCallback } from 'react';
import { Create, SimpleForm, TextInput } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { AppCreateSchema, AppSchema } from '../../../domain';
import { zodValidator } from '../../forms/zodValidator';
import { PageHeading } from '../../ui/lists/PageHeading';
import { useSaveCallbacks } from '../../ui/saving/useSaveCallbacks';
import { copilotStepPath } from './copilotPaths';

const validate = zodValidator(AppCreateSchema);

/** A new copilot starts with a name and a description (a draft), then goes to step 1 of its set-up. */
export function CopilotCreate() {
  const navigate = useNavigate();
  const onSaved = useCallback((data: unknown) => navigate(copilotStepPath(AppSchema.parse(data).id, 1)), [navigate]);
  const callbacks = useSaveCallbacks({ successMessage: 'Copilot created: set it up in 7 steps', redirectTo: false, onSaved });
  return (
    <Box>
      <PageHeading title="New copilot" subtitle="Name it now; its data, models, policies and users come in the 7 set-up steps." />
      <Create resource="admin/apps" title="New copilot" mutationOptions={callbacks} redirect={false}>
        <SimpleForm validate={validate} sx={{ maxWidth: 640 }}>
          <TextInput source="Name" label="Name" isRequired fullWidth />
          <TextInput source="Description" label="Description" multiline minRows={2} fullWidth />
        </SimpleForm>
      </Create>
    </Box>
  );
}
