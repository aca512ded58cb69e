import { Stack } from '@mui/material';
import { SimpleForm, TextInput } from 'react-admin';
import { HelpPageInputSchema } from '../../domain';
import { zodValidator } from '../../src/forms/zodValidator';
import { MarkdownEditorInput } from './MarkdownEditorInput';
import { SlugFromTitle } from './SlugFromTitle';
import { KEEP_TYPED_VALUES } from '../../src/forms/keepTyped';

const validate = zodValidator(HelpPageInputSchema);

/** Title, slug, category and the Markdown body of one of the organization's own help pages. */
export function HelpForm({ isNew = false }: { isNew?: boolean }) {
  return (
    <SimpleForm resetOptions={KEEP_TYPED_VALUES} validate={validate} sx={{ maxWidth: 960 }}>
      {isNew && <SlugFromTitle />}
      <TextInput source="Title" label="Title" fullWidth />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ width: '100%' }}>
        <TextInput source="Slug" label="Slug" helperText="The page's address: /admin/help/<slug>" fullWidth />
        <TextInput source="Category" label="Category" helperText="Pages are listed by category, e.g. Policies" fullWidth />
      </Stack>
      <MarkdownEditorInput />
    </SimpleForm>
  );
}
