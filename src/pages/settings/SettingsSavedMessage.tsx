import { Box, Button } from '@mui/material';

export const SETTINGS_SAVED_TEXT = 'Settings saved. Reload the console to apply them.';

/** The success toast of System Settings, with a Reload action (settings apply at the next start). */
export function SettingsSavedMessage() {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <span>{SETTINGS_SAVED_TEXT}</span>
      <Button size="small" color="inherit" variant="outlined" onClick={() => window.location.reload()} sx={{ flexShrink: 0 }}>
        Reload
      </Button>
    </Box>
  );
}
