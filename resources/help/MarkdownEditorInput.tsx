import { Box, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { TextInput, useInput } from 'react-admin';
import { MarkdownView } from './MarkdownView';

/** The Markdown body with Write and Preview tabs; the preview uses the same safe renderer as the help page. */
export function MarkdownEditorInput() {
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const { field } = useInput({ source: 'Body' });
  const body = typeof field.value === 'string' ? field.value : '';
  return (
    <Box sx={{ width: '100%' }}>
      <Tabs value={tab} onChange={(_, next: 'write' | 'preview') => setTab(next)} aria-label="Body editor" sx={{ mb: 1 }}>
        <Tab value="write" label="Write" />
        <Tab value="preview" label="Preview" />
      </Tabs>
      <Box sx={{ display: tab === 'write' ? 'block' : 'none' }}>
        <TextInput
          source="Body"
          label="Body (Markdown)"
          multiline
          minRows={12}
          fullWidth
          helperText="Markdown: # headings, **bold**, - lists, | tables |, [links](https://…). HTML is shown as text."
          slotProps={{ htmlInput: { style: { fontFamily: 'monospace', fontSize: 14 } } }}
        />
      </Box>
      {tab === 'preview' && (
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, minHeight: 200 }} aria-label="Preview" role="region">
          {body.trim() ? <MarkdownView markdown={body} /> : <Box sx={{ color: 'text.secondary' }}>Nothing to preview yet.</Box>}
        </Box>
      )}
    </Box>
  );
}
