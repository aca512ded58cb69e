import { Alert, Chip, MenuItem, Stack, TextField } from '@mui/material';
import type { ChatCopilot } from '../../../../domain';

export interface CopilotPickerProps {
  copilots: readonly ChatCopilot[] | undefined;
  value: string | undefined;
  onChange: (id: string) => void;
  disabled?: boolean;
}

export function CopilotPicker({ copilots, value, onChange, disabled }: CopilotPickerProps) {
  if (copilots && copilots.length === 0) {
    return (
      <Alert severity="info" sx={{ py: 0 }}>
        No copilot is available to you yet. An organization admin sets them up under Apps.
      </Alert>
    );
  }
  return (
    <TextField
      select
      size="small"
      fullWidth={false}
      label="Copilot"
      value={copilots ? (value ?? '') : ''}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled || !copilots}
      sx={{ minWidth: 220 }}
    >
      {(copilots ?? []).map((copilot) => (
        <MenuItem key={copilot.id} value={copilot.id}>
          {copilot.Name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A predefined copilot's prompts, offered as chips that fill the composer. */
export function PredefinedPromptChips({ copilot, onPick }: { copilot: ChatCopilot | undefined; onPick: (prompt: string) => void }) {
  if (!copilot || copilot.PredefinedPrompts.length === 0) return null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} aria-label={`Prompts of ${copilot.Name}`} role="group">
      {copilot.PredefinedPrompts.map((prompt) => (
        <Chip key={prompt.Title} label={prompt.Title} title={prompt.Prompt} onClick={() => onPick(prompt.Prompt)} variant="outlined" color="primary" />
      ))}
    </Stack>
  );
}
