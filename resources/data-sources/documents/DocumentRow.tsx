import DeleteIcon from '@mui/icons-material/DeleteOutline';
import FileIcon from '@mui/icons-material/DescriptionOutlined';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import FolderOpenIcon from '@mui/icons-material/FolderOpenOutlined';
import { IconButton, ListItem, ListItemButton, ListItemIcon, ListItemText, Stack, Typography } from '@mui/material';
import { ContentType } from '../../../domain';
import type { DataSourceDocument } from '../../../domain';
import { countOf, formatBytes } from '../dataSourceFormat';
import { UploadStatusChip } from './UploadStatusChip';

export interface DocumentRowProps {
  document: DataSourceDocument;
  depth: number;
  selected: boolean;
  onSelectFolder: (id: string) => void;
  onDelete: (document: DataSourceDocument) => void;
}

/** One folder or file of the tree; a folder can be chosen as the target of new folders and uploads. */
export function DocumentRow({ document, depth, selected, onSelectFolder, onDelete }: DocumentRowProps) {
  const isFolder = document.ContentType === ContentType.FOLDER;
  const details = isFolder ? undefined : `${formatBytes(document.Size)} · ${countOf(document.ChunkCount, 'chunk')}`;
  const content = (
    <>
      <ListItemIcon sx={{ minWidth: 36 }}>{isFolder ? selected ? <FolderOpenIcon color="primary" /> : <FolderIcon /> : <FileIcon />}</ListItemIcon>
      <ListItemText
        primary={document.Name}
        secondary={document.Error ?? details}
        slotProps={{ secondary: { color: document.Error ? 'error' : 'text.secondary' } }}
      />
    </>
  );
  return (
    <ListItem
      disablePadding
      sx={{ pl: depth * 3 }}
      secondaryAction={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {document.UploadStatus !== null && <UploadStatusChip status={document.UploadStatus} error={document.Error} />}
          <IconButton edge="end" aria-label={`Delete ${document.Name}`} onClick={() => onDelete(document)} size="small">
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Stack>
      }
    >
      {isFolder ? (
        <ListItemButton selected={selected} onClick={() => onSelectFolder(document.id)} aria-label={`Folder ${document.Name}`} sx={{ pr: 12 }}>
          {content}
        </ListItemButton>
      ) : (
        <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 0.5, pr: 22, width: '100%' }}>
          {content}
        </Stack>
      )}
    </ListItem>
  );
}

export function EmptyFolderNote() {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 3, textAlign: 'center' }}>
      No files yet. Upload text, Markdown, CSV, JSON, HTML or PDF files; they are indexed for retrieval.
    </Typography>
  );
}
