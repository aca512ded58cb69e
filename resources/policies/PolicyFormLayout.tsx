import { Box, Stack } from '@mui/material';
import { PolicyInputs } from './PolicyInputs';
import { PrecedencePanel } from './PrecedencePanel';
import { PolicyTestPanel } from './test-panel/PolicyTestPanel';

/** The editor beside the precedence explanation and the test box (both read the form as it is). */
export function PolicyFormLayout() {
  return (
    <Box sx={{ display: 'flex', gap: 3, width: '100%', flexDirection: { xs: 'column', lg: 'row' }, alignItems: 'flex-start' }}>
      <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
        <PolicyInputs />
      </Box>
      <Stack spacing={2} sx={{ width: { xs: '100%', lg: 420 }, flexShrink: 0, position: { lg: 'sticky' }, top: { lg: 72 } }}>
        <PrecedencePanel />
        <PolicyTestPanel />
      </Stack>
    </Box>
  );
}
