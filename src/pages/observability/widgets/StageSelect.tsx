import { MenuItem, TextField } from '@mui/material';
import type { MetricStage } from '../../../../domain';
import { STAGES } from './labels';

export function StageSelect({ value, onChange, label = 'Service' }: { value: MetricStage; onChange: (stage: MetricStage) => void; label?: string }) {
  return (
    <TextField select size="small" label={label} value={value} onChange={(event) => onChange(event.target.value as MetricStage)} fullWidth={false} sx={{ width: 200 }}>
      {STAGES.map((stage) => (
        <MenuItem key={stage.stage} value={stage.stage}>
          {stage.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
