import { Alert, Box } from '@mui/material';
import { TextInput, useRecordContext } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { connectionFieldsOf, DATA_SOURCE_APP_LABELS } from '../../domain';
import type { ConnectionField, DataSource, DataSourceAppId } from '../../domain';
import { ApiKeyInput } from '../language-models/ApiKeyInput';

const HELP: Partial<Record<ConnectionField['Kind'], string>> = {
  url: 'https://…',
  host: 'e.g. db.example.com',
  email: 'e.g. someone@example.com',
};

/** The connection settings of the chosen app (§3.2); secrets are write-only, and the built-in store needs none. */
export function ConnectionInputs() {
  const appId = useWatch({ name: 'AppId' }) as DataSourceAppId | null | undefined;
  const source = useRecordContext<DataSource>();
  if (appId === null || appId === undefined) return null;
  const fields = connectionFieldsOf(appId);
  if (fields.length === 0) {
    return (
      <Alert severity="info" sx={{ width: '100%', mb: 2 }}>
        Uploaded files are stored and indexed in the console’s own database: no connection is needed and retrieval works offline.{' '}
        {source?.AppId === appId ? 'Add folders and files in Documents below.' : 'Add folders and files on this data source’s page after saving.'}
      </Alert>
    );
  }
  const sameApp = source?.AppId === appId;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, width: '100%' }}>
      <Alert severity="info" sx={{ gridColumn: '1 / -1', mb: 2 }}>
        {DATA_SOURCE_APP_LABELS[appId]} needs internet access to its service. The settings are checked when you save; a sync reports clearly
        when the service cannot be reached.
      </Alert>
      {fields.map((field) =>
        field.Kind === 'secret' ? (
          <ApiKeyInput
            key={field.Key}
            source={`Connection.${field.Key}`}
            label={field.Label}
            stored={sameApp && source?.Connection[`${field.Key}Set`] === true}
            required={field.Required}
          />
        ) : (
          <TextInput
            key={field.Key}
            source={`Connection.${field.Key}`}
            label={field.Label}
            type={field.Kind === 'email' ? 'email' : 'text'}
            helperText={HELP[field.Kind] ?? (field.Required ? false : 'Optional')}
            isRequired={field.Required}
            fullWidth
          />
        ),
      )}
    </Box>
  );
}
