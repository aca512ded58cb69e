import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { ContentType } from '../../../domain';
import { errorMessage, fieldErrors } from '../../../src/forms/serverErrors';
import { createDocument } from '../dataSourceApi';

export interface NewFolderDialogProps {
  sourceId: string;
  parentId: string | null;
  parentName: string;
  onClose: (created: boolean) => void;
}

/** Asks for a folder name and creates it in the chosen folder; the server's message shows under the field. */
export function NewFolderDialog({ sourceId, parentId, parentName, onClose }: NewFolderDialogProps) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError('Name is required');
      return;
    }
    setSaving(true);
    try {
      await createDocument(sourceId, { ContentType: ContentType.FOLDER, Name: name.trim(), ParentId: parentId });
      onClose(true);
    } catch (failure) {
      setError(fieldErrors(failure)?.Name ?? errorMessage(failure));
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={() => onClose(false)} maxWidth="xs" fullWidth aria-labelledby="new-folder-title">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="new-folder-title">New folder</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            label="Folder name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={error !== undefined}
            helperText={error ?? `In ${parentName}`}
            fullWidth
            margin="dense"
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => onClose(false)} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            Create
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
