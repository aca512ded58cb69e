import { Box, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { POLICY_ACTIONS } from '../../../domain';
import { ACTION_COLOURS } from '../policyText';

export function ActionLegend() {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }} aria-label="Colours of the actions">
      {POLICY_ACTIONS.map((action) => (
        <Box key={action} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: alpha(ACTION_COLOURS[action], 0.3), border: 1, borderColor: ACTION_COLOURS[action] }} />
          <Typography variant="caption">{action}</Typography>
        </Box>
      ))}
    </Box>
  );
}
