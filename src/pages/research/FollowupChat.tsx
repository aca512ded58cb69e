// Follow-up questions about one search: the kept history, the answer streamed as it comes, only when the caller
// may chat (Vora: the owner; Vora P: anyone of the organization).
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import type { Followup } from '../../../domain/schemas/research-search';
import type { ResearchVariant } from '../../../dataProvider/researchClient';
import { streamFollowup } from '../../../dataProvider/researchClient';

export function FollowupChat({ variant, searchId, history, canChat, question, onQuestion, onAnswered }: { variant: ResearchVariant; searchId: string; history: Followup[]; canChat: boolean; question: string; onQuestion(value: string): void; onAnswered(): void }) {
  const [pending, setPending] = useState<{ question: string; answer: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ask = async () => {
    const asked = question.trim();
    if (!asked) return;
    setError(null);
    setPending({ question: asked, answer: '' });
    onQuestion('');
    try {
      await streamFollowup(variant, searchId, asked, (event) => {
        if (event.type === 'delta') setPending((current) => (current ? { ...current, answer: current.answer + event.text } : current));
        if (event.type === 'error') setError(event.message);
      });
      onAnswered();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The question could not be sent.');
    } finally {
      setPending(null);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label="Follow-up chat">
      <Typography variant="h6" component="h2" gutterBottom>Follow-up questions</Typography>
      <Stack spacing={1.5}>
        {history.map((item) => (
          <Box key={item.id}>
            <Typography fontWeight={600}>{item.Question}</Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap' }} color={item.Error ? 'error' : undefined}>{item.Answer ?? item.Error}</Typography>
          </Box>
        ))}
        {pending ? (
          <Box>
            <Typography fontWeight={600}>{pending.question}</Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{pending.answer || '…'}</Typography>
          </Box>
        ) : null}
        {error ? <Alert severity="error">{error}</Alert> : null}
        {canChat ? (
          <Stack direction="row" spacing={1}>
            <TextField label="Ask about this company" value={question} onChange={(event) => onQuestion(event.target.value)} fullWidth size="small" disabled={pending !== null} />
            <Button variant="contained" onClick={() => void ask()} disabled={pending !== null || !question.trim()}>Ask</Button>
          </Stack>
        ) : (
          <Alert severity="info">Only the owner of this search can ask follow-up questions.</Alert>
        )}
      </Stack>
    </Paper>
  );
}
