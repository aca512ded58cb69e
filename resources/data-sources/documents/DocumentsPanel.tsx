import CreateNewFolderIcon from '@mui/icons-material/CreateNewFolderOutlined';
import { Alert, Button, Card, CardContent, Chip, CircularProgress, List, Stack, Typography } from '@mui/material';
import { useCallback, useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { ContentType } from '../../../domain';
import type { DataSourceDocument } from '../../../domain';
import { errorMessage } from '../../../src/forms/serverErrors';
import { useConfirm } from '../../../src/ui/confirm';
import { deleteDocument } from '../dataSourceApi';
import { DocumentRow, EmptyFolderNote } from './DocumentRow';
import { flattenTree } from './documentTree';
import { NewFolderDialog } from './NewFolderDialog';
import { BatchUploadProgress } from './BatchUploadProgress';
import { UploadFilesButton } from './UploadFilesButton';
import { useBatchUpload } from './useBatchUpload';
import { useDocuments } from './useDocuments';

/** The built-in store's folder tree: new folders, uploads with their indexing status, and deletes. */
export function DocumentsPanel({ sourceId }: { sourceId: string }) {
  const { documents, error, reload, pending } = useDocuments(sourceId);
  const [folderId, setFolderId] = useState<string | null>(null);
  const [creatingFolder, setCreatingFolder] = useState(false);
  const confirm = useConfirm();
  const notify = useNotify();
  const refresh = useRefresh();
  const reloadTree = useCallback(() => void reload(), [reload]);
  const upload = useBatchUpload(sourceId, reloadTree);

  const folder = documents?.find((document) => document.id === folderId && document.ContentType === ContentType.FOLDER);
  const targetId = folder ? folder.id : null;
  const targetName = folder ? `“${folder.Name}”` : 'the top level';

  const remove = async (document: DataSourceDocument) => {
    const isFolder = document.ContentType === ContentType.FOLDER;
    const message = isFolder
      ? `The folder “${document.Name}” and everything in it will be deleted. This action cannot be reversed`
      : `“${document.Name}” will be deleted and no longer retrieved. This action cannot be reversed`;
    if (!(await confirm({ message }))) return;
    try {
      await deleteDocument(sourceId, document.id);
      notify(`${document.Name} deleted`, { type: 'success' });
      if (document.id === folderId) setFolderId(null);
      await reload();
      refresh();
    } catch (failure) {
      notify(errorMessage(failure), { type: 'error' });
    }
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}>
          <Stack spacing={0.25}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                Documents
              </Typography>
              {pending && <Chip size="small" color="info" icon={<CircularProgress size={12} color="inherit" />} label="Indexing" />}
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {`New folders and uploads go into ${targetName}.`}
              {folder && (
                <Button size="small" onClick={() => setFolderId(null)} sx={{ ml: 1, py: 0 }}>
                  Use top level
                </Button>
              )}
            </Typography>
          </Stack>
          <Stack direction="row" spacing={1}>
            <Button size="small" variant="outlined" startIcon={<CreateNewFolderIcon />} onClick={() => setCreatingFolder(true)}>
              New folder
            </Button>
            <UploadFilesButton busy={upload.running} onChoose={(files) => void upload.start(files, targetId)} />
          </Stack>
        </Stack>
        {upload.active && <BatchUploadProgress state={upload.state} running={upload.running} onDismiss={upload.dismiss} />}
        {error && <Alert severity="error">{error}</Alert>}
        {!documents && !error && <CircularProgress size={24} sx={{ m: 2 }} aria-label="Loading documents" />}
        {documents && documents.length === 0 && <EmptyFolderNote />}
        {documents && documents.length > 0 && (
          <List dense aria-label="Folders and files">
            {flattenTree(documents).map(({ document, depth }) => (
              <DocumentRow
                key={document.id}
                document={document}
                depth={depth}
                selected={document.id === folderId}
                onSelectFolder={(id) => setFolderId(id === folderId ? null : id)}
                onDelete={(target) => void remove(target)}
              />
            ))}
          </List>
        )}
      </CardContent>
      {creatingFolder && (
        <NewFolderDialog
          sourceId={sourceId}
          parentId={targetId}
          parentName={targetName}
          onClose={(created) => {
            setCreatingFolder(false);
            if (created) {
              notify('Folder created', { type: 'success' });
              void reload();
            }
          }}
        />
      )}
    </Card>
  );
}
