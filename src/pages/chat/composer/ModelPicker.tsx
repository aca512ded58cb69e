import { MenuItem, TextField } from '@mui/material';
import type { ChatModel } from '../../../../domain';

export function ModelPicker({ models, value, onChange, disabled }: { models: readonly ChatModel[]; value: number | undefined; onChange: (id: number) => void; disabled?: boolean }) {
  return (
    <TextField
      select
      size="small"
      fullWidth={false}
      label="Model"
      value={value ?? ''}
      onChange={(event) => onChange(Number(event.target.value))}
      disabled={disabled || models.length === 0}
      sx={{ minWidth: 200 }}
    >
      {models.map((model) => (
        <MenuItem key={model.id} value={model.id}>
          {model.Name}
        </MenuItem>
      ))}
    </TextField>
  );
}
