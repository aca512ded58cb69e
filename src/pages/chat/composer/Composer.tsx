import SendIcon from '@mui/icons-material/Send';
import StopIcon from '@mui/icons-material/Stop';
import { Alert, Button, MenuItem, Paper, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import type { KeyboardEvent } from 'react';
import { CHAT_MESSAGE_TYPE_LABELS, CHAT_MESSAGE_TYPES, MAX_PROMPT_CHARS, SendMessageSchema } from '../../../../domain';
import type { ChatDocument, ChatMessageKind, ChatModel, SendMessage } from '../../../../domain';
import { uploadChatDocument } from '../../../../dataProvider/chatClient';
import { errorMessage } from '../../../forms/serverErrors';
import { useChatCopilots } from '../chatQueries';
import type { SendOutcome } from '../useChatStream';
import { CopilotPicker, PredefinedPromptChips } from './CopilotPicker';
import { DocumentUpload } from './DocumentUpload';
import { ModelPicker } from './ModelPicker';
import { rememberModel, useModelChoice } from './useModelChoice';

export interface ComposerProps {
  conversationId: string | undefined;
  /** The conversation's model (the picker's default when it reopens). */
  conversationModelId: number | null | undefined;
  models: readonly ChatModel[];
  /** The conversation to send to, created first for a new chat. */
  ensureConversation: () => Promise<string>;
  send: (conversationId: string, request: SendMessage) => Promise<SendOutcome>;
  stop: () => void;
  streaming: boolean;
}

/** Writes a message: its type, the model (or copilot, or document) and the text. Enter sends, Shift+Enter breaks the line. */
export function Composer({ conversationId, conversationModelId, models, ensureConversation, send, stop, streaming }: ComposerProps) {
  const [messageType, setMessageType] = useState<ChatMessageKind>('PROMPT_LLM');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [copilotId, setCopilotId] = useState<string | undefined>();
  const [attached, setAttached] = useState<ChatDocument | null>(null);
  // From Send until the answer ends (creating the conversation comes first), so a double Enter sends once.
  const [submitting, setSubmitting] = useState(false);
  const { modelId, choose } = useModelChoice(models, conversationId, conversationModelId);
  const copilots = useChatCopilots(messageType === 'PROMPT_COPILOT');
  const copilot = copilots.data?.find((candidate) => candidate.id === copilotId) ?? copilots.data?.[0];
  // A document belongs to the conversation it was uploaded to.
  const document = attached && (!conversationId || attached.ConversationId === conversationId) ? attached : null;

  const needsModel = messageType !== 'PROMPT_COPILOT';
  const noModels = needsModel && models.length === 0;

  const request = (): SendMessage => ({
    MessageType: messageType,
    Content: text,
    LanguageModelId: needsModel ? modelId : undefined,
    AppId: messageType === 'PROMPT_COPILOT' ? copilot?.id : undefined,
    DocumentId: messageType === 'SUMMARIZE_DOCUMENT' ? document?.id : undefined,
  });

  const submit = async () => {
    if (streaming || submitting) return;
    const message = request();
    const checked = SendMessageSchema.safeParse(message);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'Check the message.');
      return;
    }
    setProblem(null);
    if (message.LanguageModelId) rememberModel(message.LanguageModelId);
    const typed = text;
    setText('');
    setSubmitting(true);
    try {
      const cid = await ensureConversation();
      const outcome = await send(cid, message);
      if (outcome === 'refused') setText((current) => current || typed);
    } catch (error) {
      setText((current) => current || typed);
      setProblem(errorMessage(error, 'The conversation could not be created.'));
    } finally {
      setSubmitting(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  const upload = async (file: File) => {
    const cid = await ensureConversation();
    setAttached(await uploadChatDocument(cid, file));
  };

  return (
    <Paper variant="outlined" component="form" aria-label="Write a message" onSubmit={(event) => { event.preventDefault(); void submit(); }} sx={{ p: 1.5 }}>
      <Stack spacing={1.5}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
          <TextField
            select
            size="small"
            fullWidth={false}
            label="Message type"
            value={messageType}
            onChange={(event) => {
              setMessageType(event.target.value as ChatMessageKind);
              setProblem(null);
            }}
            sx={{ minWidth: 200 }}
          >
            {CHAT_MESSAGE_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {CHAT_MESSAGE_TYPE_LABELS[type]}
              </MenuItem>
            ))}
          </TextField>
          {needsModel ? (
            <ModelPicker models={models} value={modelId} onChange={choose} disabled={streaming} />
          ) : (
            <CopilotPicker copilots={copilots.data} value={copilot?.id} onChange={setCopilotId} disabled={streaming} />
          )}
          {messageType === 'SUMMARIZE_DOCUMENT' && <DocumentUpload document={document} upload={upload} disabled={streaming} />}
        </Stack>
        {messageType === 'PROMPT_COPILOT' && <PredefinedPromptChips copilot={copilot} onPick={setText} />}
        {noModels && (
          <Alert severity="info">
            No language model is available to you yet. An organization admin adds models and policies decide who may use them.
          </Alert>
        )}
        {Boolean(copilots.error) && messageType === 'PROMPT_COPILOT' && <Alert severity="error">The copilots could not be loaded.</Alert>}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end' }}>
          <TextField
            label="Message"
            placeholder="Ask anything — Enter sends, Shift+Enter adds a line"
            multiline
            minRows={1}
            maxRows={10}
            fullWidth
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            error={Boolean(problem)}
            helperText={problem ?? undefined}
            slotProps={{ htmlInput: { maxLength: MAX_PROMPT_CHARS } }}
          />
          {streaming ? (
            <Button variant="outlined" color="error" startIcon={<StopIcon />} onClick={stop} sx={{ flexShrink: 0, mb: problem ? 3 : 0 }}>
              Stop
            </Button>
          ) : (
            <Button type="submit" variant="contained" endIcon={<SendIcon />} disabled={noModels || submitting} sx={{ flexShrink: 0, mb: problem ? 3 : 0 }}>
              Send
            </Button>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
