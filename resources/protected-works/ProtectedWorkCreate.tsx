import { FileField, FileInput, SimpleForm, TextInput } from 'react-admin';
import { ProtectedWorkInputSchema } from '../../domain';
import { zodValidator } from '../../src/forms/zodValidator';
import { useSaveCallbacks } from '../../src/ui/saving/useSaveCallbacks';
import { mimeTypeOf, readAsBase64 } from '../data-sources/documents/fileUpload';
import { CreatePage } from '../../src/ui/lists/CreatePage';

interface FormValues {
  Name?: string;
  Description?: string | null;
  Text?: string;
  File?: { rawFile?: File } | null;
}

const bySchema = zodValidator(ProtectedWorkInputSchema);
/** Validated as the server will: a file stands for its content here (it is read only on save). */
const validate = (values: Record<string, unknown>) => {
  const form = values as FormValues;
  return bySchema({ Name: form.Name, Description: form.Description ?? null, ...(form.File?.rawFile ? { ContentBase64: 'file' } : { Text: form.Text ?? '' }) });
};

async function toPayload(values: FormValues) {
  const file = values.File?.rawFile;
  const base = { Name: values.Name ?? '', Description: values.Description?.trim() ? values.Description : null };
  if (file) return { ...base, MimeType: mimeTypeOf(file), ContentBase64: await readAsBase64(file) };
  return { ...base, Text: values.Text ?? '' };
}

/** Register a work by uploading its file (text, Markdown, CSV, JSON, HTML or PDF, up to 10 MB) or pasting its text. */
export function ProtectedWorkCreate() {
  const callbacks = useSaveCallbacks({ successMessage: 'Protected work registered', redirectTo: 'list' });
  return (
    <CreatePage
      title="New protected work"
      subtitle="A document answers must not reproduce: paste its text or upload the file."
      transform={(values: FormValues) => toPayload(values)}
      mutationOptions={callbacks}
    >
      <SimpleForm validate={validate} sx={{ maxWidth: 880 }}>
        <TextInput source="Name" label="Name" isRequired fullWidth />
        <TextInput source="Description" label="Description" fullWidth />
        <FileInput source="File" label="File" inputProps={{ 'aria-label': 'File of the work' }} accept={{ 'text/plain': ['.txt'], 'text/markdown': ['.md'], 'text/csv': ['.csv'], 'application/json': ['.json'], 'text/html': ['.html', '.htm'], 'application/pdf': ['.pdf'] }} helperText="Text, Markdown, CSV, JSON, HTML or PDF, up to 10 MB — or paste the text below.">
          <FileField source="src" title="title" />
        </FileInput>
        <TextInput source="Text" label="Text of the work" multiline minRows={6} fullWidth />
      </SimpleForm>
    </CreatePage>
  );
}
