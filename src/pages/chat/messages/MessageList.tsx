import { Stack } from '@mui/material';
import { useEffect, useRef } from 'react';
import type { ChatMessage } from '../../../../domain';
import { ChatMessageCard } from './ChatMessageCard';

export interface MessageListProps {
  messages: readonly ChatMessage[];
  showLifecycle: boolean;
}

/** The conversation, oldest first; follows the newest text as it streams in. */
export function MessageList({ messages, showLifecycle }: MessageListProps) {
  const end = useRef<HTMLDivElement>(null);
  const last = messages.at(-1);
  // Changes whenever the newest message grows or ends (its final form can be taller: a block, badges, sources).
  const newest = `${messages.length}:${last?.id}:${last?.Status}:${last?.Answer?.length ?? 0}`;
  useEffect(() => {
    // jsdom has no scrollIntoView.
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [newest]);
  return (
    <Stack spacing={3} aria-label="Messages" role="feed" sx={{ py: 2 }}>
      {messages.map((message) => (
        <ChatMessageCard key={message.id} message={message} showLifecycle={showLifecycle} />
      ))}
      <div ref={end} />
    </Stack>
  );
}
