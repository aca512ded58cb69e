import { Box, Stack, TextField, Typography } from '@mui/material';
import { getContrastRatio } from '@mui/material/styles';
import { useInput } from 'react-admin';
import { fieldErrorText } from '../../forms/fieldErrorText';
import { AA_TEXT_CONTRAST, readableOnLight, topBarColors } from '../../startup/theme';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The theme colour: a colour picker and its hex text side by side, with a live preview of the top bar. */
export function ThemeColorInput() {
  const { field, fieldState } = useInput({ source: 'ThemeColor' });
  const value = typeof field.value === 'string' ? field.value : '';
  const preview = HEX.test(value) ? value : '#9e9e9e';
  const error = fieldErrorText(fieldState.error);
  // The preview wears the colours the console will derive from this one (src/startup/theme.ts), so it reaches AA too.
  const bar = topBarColors(preview);
  const accent = readableOnLight(preview);
  const buttonText = getContrastRatio(accent, '#ffffff') >= AA_TEXT_CONTRAST ? '#ffffff' : '#0b1526';
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Box
          component="input"
          type="color"
          aria-label="Theme colour picker"
          value={preview.toLowerCase()}
          onChange={(event) => field.onChange(event.target.value.toUpperCase())}
          sx={{ width: 48, height: 40, p: 0.25, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper', cursor: 'pointer' }}
        />
        <TextField
          size="small"
          label="Theme colour"
          value={value}
          onChange={(event) => field.onChange(event.target.value.trim())}
          onBlur={field.onBlur}
          error={Boolean(error)}
          helperText={error ?? 'A hex colour such as #3478F6; it colours the top bar, buttons and links.'}
          slotProps={{ htmlInput: { maxLength: 7, spellCheck: false } }}
          sx={{ width: 260 }}
        />
      </Stack>
      <Box
        data-testid="theme-preview"
        aria-label="Theme preview"
        role="img"
        sx={{ maxWidth: 420, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}
      >
        <Box sx={{ bgcolor: bar.background, color: bar.text, px: 2, py: 1 }}>
          <Typography variant="body2" sx={bar.largeText ? { fontSize: 19, fontWeight: 700 } : { fontWeight: 600 }}>
            Top bar preview
          </Typography>
        </Box>
        <Box sx={{ px: 2, py: 1.5, display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <Box sx={{ bgcolor: accent, color: buttonText, borderRadius: 1, px: 1.5, py: 0.5, fontSize: 13, fontWeight: 500 }}>BUTTON</Box>
          <Typography variant="body2" sx={{ color: accent, fontWeight: 500 }}>
            A link
          </Typography>
        </Box>
      </Box>
    </Stack>
  );
}
