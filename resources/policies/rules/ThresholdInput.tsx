import { Box, Button, FormHelperText, Slider, Typography } from '@mui/material';
import { useId } from 'react';
import { useInput } from 'react-admin';

/**
 * The score from which a prompt-injection (attack score) or harmful-request rule matches; empty means the detection
 * engine's own threshold, `engineDefault`.
 */
export function ThresholdInput({ source, score, engineDefault }: { source: string; score: 'attack' | 'harmful-request'; engineDefault: number }) {
  const { field } = useInput({ source, defaultValue: null });
  const labelId = useId();
  const value = typeof field.value === 'number' ? field.value : null;
  return (
    <Box sx={{ flex: 1, minWidth: 280, maxWidth: 480 }}>
      <Typography id={labelId} variant="body2" color="text.secondary">
        Sensitivity threshold: {value === null ? 'engine default' : value.toFixed(2)}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Slider
          aria-labelledby={labelId}
          value={value ?? engineDefault}
          min={0.05}
          max={1}
          step={0.05}
          marks={[
            { value: 0.2, label: 'strict' },
            { value: 0.8, label: 'lenient' },
          ]}
          valueLabelDisplay="auto"
          onChange={(_event, next) => field.onChange(Array.isArray(next) ? next[0] : next)}
          // Faded while the engine's default applies; the labels keep full contrast (WCAG 1.4.3).
          sx={{ '& .MuiSlider-rail, & .MuiSlider-track, & .MuiSlider-thumb': { opacity: value === null ? 0.6 : 1 } }}
        />
        <Button size="small" disabled={value === null} onClick={() => field.onChange(null)} sx={{ whiteSpace: 'nowrap' }}>
          Use default
        </Button>
      </Box>
      <FormHelperText>A prompt whose {score} score reaches the threshold matches; lower is stricter.</FormHelperText>
    </Box>
  );
}
