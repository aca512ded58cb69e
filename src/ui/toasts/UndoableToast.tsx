import { Box, Button } from '@mui/material';
import type { ReactNode } from 'react';

/** A toast body with react-admin's Undo action for undoable mutations. */
export function UndoableToast({ message, undoLabel, onUndo }: { message: ReactNode; undoLabel: string; onUndo: () => void }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, width: '100%' }}>
      <span>{message}</span>
      <Button size="small" onClick={onUndo}>
        {undoLabel}
      </Button>
    </Box>
  );
}
