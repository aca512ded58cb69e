import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { CONVERSATION_TITLE_MAX, ConversationInputSchema } from '../../../domain';
import type { Conversation } from '../../../domain';
import { renameConversation } from '../../../dataProvider/chatClient';
import { errorMessage, fieldErrors } from '../../forms/serverErrors';
import { chatKeys } from './chatQueries';

export function RenameConversationDialog({ conversation, onClose }: { conversation: Conversation; onClose: () => void }) {
  const [title, setTitle] = useState(conversation.Title);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const notify = useNotify();
  const queryClient = useQueryClient();

  const save = async () => {
    const checked = ConversationInputSchema.safeParse({ Title: title });
    if (!checked.success) return setProblem(checked.error.issues[0]?.message ?? 'Check the title.');
    if (!checked.data.Title) return setProblem('Write a title');
    setSaving(true);
    try {
      await renameConversation(conversation.id, checked.data.Title);
      notify('Conversation renamed', { type: 'success' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: chatKeys.allConversations }),
        queryClient.invalidateQueries({ queryKey: chatKeys.conversation(conversation.id) }),
      ]);
      onClose();
    } catch (error) {
      setProblem(fieldErrors(error)?.Title ?? errorMessage(error, 'The conversation could not be renamed.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={(event) => { event.preventDefault(); void save(); }}>
        <DialogTitle>Rename conversation</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label="Title"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            error={Boolean(problem)}
            helperText={problem ?? `At most ${CONVERSATION_TITLE_MAX} characters`}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
