import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import SearchIcon from '@mui/icons-material/Search';
import SubdirectoryArrowRightIcon from '@mui/icons-material/SubdirectoryArrowRight';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  IconButton,
  InputAdornment,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Paper,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useDeferredValue, useState } from 'react';
import { useNotify } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { Conversation } from '../../../domain';
import { deleteConversation } from '../../../dataProvider/chatClient';
import { errorMessage } from '../../forms/serverErrors';
import { useConfirm } from '../../ui/confirm';
import { CHAT_PATH, chatPath } from './chatPaths';
import { chatKeys, useConversations } from './chatQueries';
import { RenameConversationDialog } from './RenameConversationDialog';

function ConversationActions({ conversation, onRename, onDelete }: { conversation: Conversation; onRename: () => void; onDelete: () => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton edge="end" size="small" aria-label={`Actions of ${conversation.Title}`} onClick={(event) => setAnchor(event.currentTarget)}>
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        <MenuItem onClick={() => { close(); onRename(); }}>
          <ListItemIcon><EditIcon fontSize="small" /></ListItemIcon>
          Rename
        </MenuItem>
        <MenuItem onClick={() => { close(); onDelete(); }} sx={{ color: 'error.main' }}>
          <ListItemIcon><DeleteIcon fontSize="small" color="error" /></ListItemIcon>
          Delete
        </MenuItem>
      </Menu>
    </>
  );
}

/** The signed-in user's conversations, newest first: search, open, rename, delete, and "New chat". */
export function ConversationSidebar({ activeId }: { activeId: string | undefined }) {
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const conversations = useConversations(deferredSearch);
  const [renaming, setRenaming] = useState<Conversation | null>(null);
  const confirm = useConfirm();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const remove = async (conversation: Conversation) => {
    const confirmed = await confirm({ title: 'Delete this conversation?', message: `“${conversation.Title}” and its messages will be deleted. This action cannot be reversed.`, confirmLabel: 'Delete' });
    if (!confirmed) return;
    try {
      await deleteConversation(conversation.id);
      notify('Conversation deleted', { type: 'success' });
      if (conversation.id === activeId) navigate(CHAT_PATH);
      queryClient.removeQueries({ queryKey: chatKeys.conversation(conversation.id) });
      await queryClient.invalidateQueries({ queryKey: chatKeys.allConversations });
    } catch (error) {
      notify(errorMessage(error, 'The conversation could not be deleted.'), { type: 'error' });
    }
  };

  const list = conversations.data ?? [];
  return (
    <Paper variant="outlined" component="nav" aria-label="Conversations" sx={{ width: { xs: '100%', md: 300 }, flexShrink: 0, display: 'flex', flexDirection: 'column', minHeight: 0, maxHeight: { xs: 320, md: 'none' } }}>
      <Box sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Button component={RouterLink} to={CHAT_PATH} variant="contained" startIcon={<AddIcon />}>
          New chat
        </Button>
        <TextField
          size="small"
          label="Search conversations"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
        />
      </Box>
      {conversations.isPending && <CircularProgress size={24} aria-label="Loading the conversations" sx={{ m: 2 }} />}
      {Boolean(conversations.error) && <Alert severity="error" sx={{ m: 1 }}>{errorMessage(conversations.error, 'The conversations could not be loaded.')}</Alert>}
      {conversations.isSuccess && list.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>
          {deferredSearch.trim() ? `No conversation matches “${deferredSearch.trim()}”.` : 'No conversations yet. Write a message to start one.'}
        </Typography>
      )}
      <List dense sx={{ flex: 1, minHeight: 0, overflowY: 'auto', pt: 0 }}>
        {list.map((conversation) => (
          <ListItem
            key={conversation.id}
            disablePadding
            secondaryAction={<ConversationActions conversation={conversation} onRename={() => setRenaming(conversation)} onDelete={() => void remove(conversation)} />}
          >
            <ListItemButton component={RouterLink} to={chatPath(conversation.id)} selected={conversation.id === activeId} aria-current={conversation.id === activeId ? 'page' : undefined}>
              {conversation.ParentConversationId && (
                <ListItemIcon sx={{ minWidth: 28 }} title="A chat about a cited source">
                  <SubdirectoryArrowRightIcon fontSize="small" />
                </ListItemIcon>
              )}
              <ListItemText
                primary={conversation.Title}
                secondary={format(new Date(conversation.UpdatedAt), 'MMM d, HH:mm')}
                slotProps={{ primary: { noWrap: true } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      {renaming && <RenameConversationDialog conversation={renaming} onClose={() => setRenaming(null)} />}
    </Paper>
  );
}
