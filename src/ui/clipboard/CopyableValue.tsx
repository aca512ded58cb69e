import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import { useId } from 'react';
import { useCopyToClipboard } from './useCopyToClipboard';

export interface CopyableValueProps {
  /** What the value is, e.g. "Secret"; labels the box and names the copy button ("Copy secret"). */
  label: string;
  value: string;
  /** Monospace for secrets, URLs and commands. */
  monospace?: boolean;
}

/** A read-only value in a bordered box with a copy-to-clipboard button beside it. */
export function CopyableValue({ label, value, monospace = true }: CopyableValueProps) {
  const { copy, copied } = useCopyToClipboard();
  const labelId = useId();
  const buttonLabel = `Copy ${label.toLowerCase()}`;
  return (
    <Box>
      <Typography id={labelId} variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'action.hover',
          pl: 1.5,
          pr: 0.5,
          py: 0.5,
        }}
      >
        <Typography
          aria-labelledby={labelId}
          role="textbox"
          aria-readonly="true"
          sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', fontFamily: monospace ? 'monospace' : undefined, fontSize: 14 }}
        >
          {value}
        </Typography>
        <Tooltip title={copied ? 'Copied' : buttonLabel}>
          <IconButton aria-label={buttonLabel} onClick={() => void copy(value)} size="small">
            {copied ? <CheckIcon fontSize="small" color="success" /> : <ContentCopyIcon fontSize="small" />}
          </IconButton>
        </Tooltip>
      </Box>
    </Box>
  );
}
