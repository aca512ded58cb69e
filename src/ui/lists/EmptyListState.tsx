import InboxIcon from '@mui/icons-material/InboxOutlined';
import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { CreateButton } from 'react-admin';

export interface EmptyListStateProps {
  title: string;
  text?: ReactNode;
  /** Shown as a create button when given (only pass it where the role may create). */
  createLabel?: string;
  icon?: ReactNode;
}

/** The body of a list without records: what the list is for and, where allowed, how to add the first one. */
export function EmptyListState({ title, text, createLabel, icon }: EmptyListStateProps) {
  return (
    // No side padding: the card lines up with the page heading above it, like a list's table does.
    <Box sx={{ py: { xs: 1, sm: 2 }, width: '100%' }}>
      <Card variant="outlined">
        <CardContent sx={{ py: 6, display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 1.5 }}>
          {icon ?? <InboxIcon color="disabled" sx={{ fontSize: 48 }} />}
          <Typography variant="h6" component="p">
            {title}
          </Typography>
          {text && (
            <Typography color="text.secondary" sx={{ maxWidth: 520 }}>
              {text}
            </Typography>
          )}
          {createLabel && <CreateButton variant="contained" label={createLabel} />}
        </CardContent>
      </Card>
    </Box>
  );
}
