import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Alert, Button, Chip, CircularProgress, Stack } from '@mui/material';
import { useRef, useState } from 'react';
import { MAX_CHAT_DOCUMENT_BYTES } from '../../../../domain';
import type { ChatDocument } from '../../../../domain';
import { errorMessage } from '../../../forms/serverErrors';
import { formatBytes } from '../chatFormat';

export interface DocumentUploadProps {
  document: ChatDocument | null;
  upload: (file: File) => Promise<void>;
  disabled?: boolean;
}

/** The document a SUMMARIZE_DOCUMENT message summarizes: picked, checked for size, uploaded to the conversation. */
export function DocumentUpload({ document, upload, disabled }: DocumentUploadProps) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onFile = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    setError(null);
    if (file.size > MAX_CHAT_DOCUMENT_BYTES) {
      setError(`${file.name} is ${formatBytes(file.size)}; documents can be at most ${formatBytes(MAX_CHAT_DOCUMENT_BYTES)}.`);
      return;
    }
    setUploading(true);
    try {
      await upload(file);
    } catch (failure) {
      setError(errorMessage(failure, 'The document could not be uploaded.'));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          component="label"
          variant="outlined"
          size="small"
          startIcon={uploading ? <CircularProgress size={16} /> : <AttachFileIcon />}
          disabled={disabled || uploading}
        >
          {document ? 'Replace document' : 'Upload a document'}
          <input
            ref={input}
            hidden
            type="file"
            aria-label="Document to summarize"
            accept=".txt,.md,.markdown,.csv,.json,.html,.htm,.pdf,text/*,application/json,application/pdf"
            onChange={(event) => void onFile(event.target.files?.[0])}
          />
        </Button>
        {document && <Chip size="small" label={`${document.FileName} (${formatBytes(document.SizeBytes)})`} />}
      </Stack>
      {error && (
        <Alert severity="error" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
    </Stack>
  );
}
