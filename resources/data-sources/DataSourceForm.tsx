import { Divider, Stack } from '@mui/material';
import { BooleanInput, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { RagSettingsSchema } from '../../domain';
import { parseNumberChoice } from '../../src/ui/inputs/choiceParsers';
import { EditToolbar } from '../../src/ui/saving/EditToolbar';
import { FormSection } from '../language-models/FormSection';
import { GroupAccessInput } from '../language-models/GroupAccessInput';
import { ConnectionInputs } from './ConnectionInputs';
import { APP_CHOICES } from './dataSourceChoices';
import { dataSourceValidator } from './dataSourceValidation';
import { RagInputs } from './RagInputs';
import { KEEP_TYPED_VALUES } from '../../src/forms/keepTyped';

/** Uploaded files by default: they work offline. */
export const NEW_DATA_SOURCE_DEFAULTS = { AppId: 0, Connection: {}, Rag: RagSettingsSchema.parse({}), GroupIds: [], Enabled: true };

/** A data source: its app and connection, RAG settings, and who may read it. */
export function DataSourceForm({ isNew }: { isNew: boolean }) {
  return (
    <SimpleForm
      resetOptions={KEEP_TYPED_VALUES}
      validate={dataSourceValidator(isNew)}
      defaultValues={isNew ? NEW_DATA_SOURCE_DEFAULTS : undefined}
      toolbar={isNew ? undefined : <EditToolbar deletedMessage="Data source deleted" />}
      sx={{ maxWidth: 880 }}
    >
      <FormSection title="Source">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextInput source="Name" label="Name" isRequired fullWidth />
          <SelectInput source="AppId" label="App" choices={APP_CHOICES} parse={parseNumberChoice} isRequired fullWidth />
        </Stack>
        <ConnectionInputs />
        <BooleanInput source="Enabled" label="Enabled (used for retrieval and scheduled syncs)" />
      </FormSection>
      <Divider flexItem />
      <FormSection title="RAG settings" subtitle="How documents are split, embedded and matched, and how often the source syncs.">
        <RagInputs />
      </FormSection>
      <Divider flexItem />
      <FormSection title="Access">
        <GroupAccessInput helperText="Only members of these groups may retrieve from it. None: the whole organization." />
      </FormSection>
    </SimpleForm>
  );
}
