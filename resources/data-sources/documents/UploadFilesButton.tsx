import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import { Button } from '@mui/material';
import { useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { useNotify } from 'react-admin';
import { UPLOAD_MIME_TYPES } from '../../../domain';
import { errorMessage } from '../../../src/forms/serverErrors';
import { createDocument } from '../dataSourceApi';
import { isTooLarge, MAX_UPLOAD_MB, toFileInput } from './fileUpload';

const ACCEPT = [...UPLOAD_MIME_TYPES, '.txt', '.md', '.markdown', '.csv', '.json', '.html', '.htm', '.pdf'].join(',');

/** Reads the chosen files in the browser and sends each as JSON base64 into the chosen folder. */
export function UploadFilesButton({ sourceId, parentId, onUploaded }: { sourceId: string; parentId: string | null; onUploaded: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const notify = useNotify();
  const [uploading, setUploading] = useState(false);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    setUploading(true);
    let sent = 0;
    for (const file of files) {
      if (isTooLarge(file)) {
        notify(`${file.name} is larger than ${MAX_UPLOAD_MB} MB.`, { type: 'error' });
        continue;
      }
      try {
        await createDocument(sourceId, await toFileInput(file, parentId));
        sent += 1;
      } catch (error) {
        notify(`${file.name}: ${errorMessage(error)}`, { type: 'error' });
      }
    }
    setUploading(false);
    if (sent > 0) notify(sent === 1 ? '1 file uploaded; indexing…' : `${sent} files uploaded; indexing…`, { type: 'info' });
    onUploaded();
  };

  return (
    <>
      <Button size="small" variant="contained" startIcon={<UploadIcon />} disabled={uploading} onClick={() => input.current?.click()}>
        {uploading ? 'Uploading…' : 'Upload files'}
      </Button>
      <input ref={input} type="file" multiple hidden accept={ACCEPT} aria-label="Files to upload" onChange={(event) => void upload(event)} data-testid="upload-input" />
    </>
  );
}
