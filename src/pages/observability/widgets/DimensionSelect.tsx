import { MenuItem, TextField } from '@mui/material';
import { DIMENSION_LABELS } from './labels';

export function DimensionSelect<D extends keyof typeof DIMENSION_LABELS>({ value, options, onChange }: { value: D; options: readonly D[]; onChange: (next: D) => void }) {
  return (
    <TextField select size="small" label="By" value={value} onChange={(event) => onChange(event.target.value as D)} fullWidth={false} sx={{ width: 190 }}>
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {DIMENSION_LABELS[option]}
        </MenuItem>
      ))}
    </TextField>
  );
}
