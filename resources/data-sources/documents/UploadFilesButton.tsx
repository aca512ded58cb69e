import FolderIcon from '@mui/icons-material/DriveFolderUploadOutlined';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import { Button } from '@mui/material';
import { useRef } from 'react';
import type { ChangeEvent } from 'react';
import { UPLOAD_MIME_TYPES } from '../../../domain';

const ACCEPT = [...UPLOAD_MIME_TYPES, '.txt', '.md', '.markdown', '.csv', '.json', '.html', '.htm', '.pdf'].join(',');
/** The folder picker: every file of the chosen folder and its subfolders, each with its relative path. */
const FOLDER_PICKER = { webkitdirectory: '', directory: '' } as Record<string, string>;

/** "Upload files" (several at once) and "Upload folder" (a whole folder tree); both hand the chosen files on. */
export function UploadFilesButton({ busy, onChoose }: { busy: boolean; onChoose: (files: File[]) => void }) {
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length) onChoose(files);
  };

  return (
    <>
      <Button size="small" variant="outlined" startIcon={<FolderIcon />} disabled={busy} onClick={() => folderInput.current?.click()}>
        Upload folder
      </Button>
      <Button size="small" variant="contained" startIcon={<UploadIcon />} disabled={busy} onClick={() => filesInput.current?.click()}>
        {busy ? 'Uploading…' : 'Upload files'}
      </Button>
      <input ref={filesInput} type="file" multiple hidden accept={ACCEPT} aria-label="Files to upload" onChange={choose} data-testid="upload-input" />
      <input ref={folderInput} type="file" multiple hidden {...FOLDER_PICKER} aria-label="Folder to upload" onChange={choose} data-testid="upload-folder-input" />
    </>
  );
}
